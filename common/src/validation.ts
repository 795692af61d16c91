/** Zod's built-in messages name no field, so those get the field's path in front. */
const GENERIC = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

export function formatIssue(path: ReadonlyArray<PropertyKey>, message: string): string {
  const where = path.map(String).join('.');
  return where && GENERIC.test(message) ? `${where}: ${message}` : message;
}
