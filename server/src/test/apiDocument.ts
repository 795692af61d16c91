/**
 * Reading the served OpenAPI document in tests: its operations, what each documents, and
 * parameter values that pass a route's validation without naming anything that exists.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  $ref?: string;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface ApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/todos/:id` as the document writes it: `/api/todos/{id}`. */
export const docPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function operationsOf(doc: ApiDocument): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** Values tried for path parameters: well-formed for their schema, naming nothing stored. */
const UNKNOWN_UUID = '3f0e8a4c-1d2b-4c5e-9f7a-0b1c2d3e4f5a';
const CANDIDATES = ['2026-01-15', '999999', UNKNOWN_UUID, 'missing'];

export function sampleValue(schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  const type = [schema.type].flat();
  if (type.includes('integer') || type.includes('number')) return '999999';
  if (schema.format === 'uuid') return UNKNOWN_UUID;
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    return CANDIDATES.find((c) => re.test(c)) ?? 'missing';
  }
  return 'missing';
}

/** The route's URL with every path parameter filled in. */
export function sampleUrl(path: string, op: Operation): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(sampleValue(param?.schema ?? {}));
  });
}
