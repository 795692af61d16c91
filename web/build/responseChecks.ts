/**
 * Prints an ES module of response checks compiled from the shared zod schemas, for the screens
 * of the first page (sign-in, the session check, the overview): each export is a function that
 * returns true when a response body has the schema's shape. Zod (about 25 kB gzip) stays out of
 * the first page's JavaScript; the checks are the same schemas, converted to JSON Schema (as the
 * OpenAPI document does) and compiled by Ajv into plain code with no run-time library.
 *
 * Printed by printResponseChecks.ts for the Vite plugin in vite.config.ts (`virtual:response-checks`);
 * web/src/api/responseChecks.test.ts runs the compiled checks.
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { type ZodType, z } from 'zod';
import { loginResponse, meResponse } from '../../common/src/api/auth.js';
import { dashboardOverview } from '../../common/src/api/dashboard.js';

/** The checked responses; the names are the module's exports (see responseChecks.d.ts). */
export const FIRST_PAGE_SCHEMAS: Record<string, ZodType> = { loginResponse, meResponse, dashboardOverview };

/**
 * Zod's parse drops unknown keys instead of refusing them, so that a server that has added a
 * field still satisfies an older app: the JSON Schema's `additionalProperties: false` is removed.
 */
function allowExtraKeys(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowExtraKeys(item);
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.additionalProperties === false) delete record.additionalProperties;
    for (const value of Object.values(record)) allowExtraKeys(value);
  }
}

/** The JSON Schema a response check is compiled from (exported for the test). */
export function checkSchemaOf(schema: ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', reused: 'inline' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  delete json.id;
  allowExtraKeys(json);
  return json;
}

export function responseChecksModule(): string {
  // Formats (date-time, uuid…) are not checked: the shape is what a screen relies on.
  const ajv = new Ajv({ code: { source: true, esm: true, lines: false }, validateFormats: false, strict: false });
  const exports: Record<string, string> = {};
  for (const [name, schema] of Object.entries(FIRST_PAGE_SCHEMAS)) {
    ajv.addSchema(checkSchemaOf(schema), name);
    exports[name] = name;
  }
  return standaloneCode(ajv, exports);
}
