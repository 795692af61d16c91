import { z } from 'zod';

export const errorResponse = z.object({ error: z.string() }).meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** The answer of a route that succeeds without a body (204). */
export const noContent = z.null().describe('Done; no body');

/** What each error status means on this API; the OpenAPI document shows these texts. */
export const ERROR_STATUSES = {
  400: 'Invalid request (malformed JSON, a bad field or parameter); nothing changed',
  401: 'Not signed in, or the session has ended',
  403: 'Refused: a state-changing request from a foreign origin',
  404: 'Not found (including anything that belongs to another user)',
  409: 'Conflicts with the current state',
  413: 'Request body is too large',
  415: 'The body is not of a type this route accepts',
  429: 'Too many attempts; retry after the Retry-After header',
  502: 'The AI provider failed',
  503: 'The database cannot be reached for a moment (restart, failover); retry after the Retry-After header',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

type ErrorResponseDoc = {
  description: string;
  content: { 'application/json': { schema: typeof errorResponse } };
};

/**
 * The error responses of a route, each with the shared Error schema, for its `response` map:
 * `response: { 200: todo, ...errors(400, 401, 403, 404, 413) }`. Name every status the route
 * can answer: 401 unless public, 403 when it changes state, 400 when it takes input, 413 when it
 * takes a body, 404 when it looks something up (the conventions test checks these).
 */
export function errors<const S extends ErrorStatus>(...statuses: S[]): { [K in S]: ErrorResponseDoc } {
  const out: Partial<Record<ErrorStatus, ErrorResponseDoc>> = {};
  for (const status of statuses) {
    out[status] = { description: ERROR_STATUSES[status], content: { 'application/json': { schema: errorResponse } } };
  }
  return out as { [K in S]: ErrorResponseDoc };
}

/** @deprecated Name the statuses with `errors(...)`; kept so older route files still build. */
export const authErrors = errors(400, 401, 404);

/** The reply of a bulk delete: how many of the user's items went (ids not theirs are ignored). */
export const bulkDeleteResponse = z.object({ deleted: z.number().int() }).meta({ id: 'BulkDeleteResult' });
export type BulkDeleteResponse = z.infer<typeof bulkDeleteResponse>;

/** Most ids one bulk delete takes. */
export const BULK_DELETE_MAX = 1000;

/**
 * The largest value an `integer` column holds (PostgreSQL's int4; SQLite's integers are wider).
 * Every id column is one, so no id past it names anything: it is refused as invalid input (400)
 * before any query, the same on both databases.
 */
export const INT_COLUMN_MAX = 2_147_483_647;

const wholeNumberIn = (name: string, min: number, max: number) =>
  `${name} must be a whole number from ${min} to ${max}`;

/**
 * A whole number in [min, max] from a path or query parameter (text, read as a number). Anything
 * else (text, a fraction, 1e309, a value past the bounds) gets one message naming the field and
 * its range.
 */
export function intParam(name: string, min: number, max: number) {
  const error = wholeNumberIn(name, min, max);
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A whole number in [min, max] in a JSON body (a number, not text), with the same message. */
export function intField(name: string, min: number, max: number) {
  const error = wholeNumberIn(name, min, max);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A row id in a path or query parameter: 1 to INT_COLUMN_MAX. */
export const idParam = (name = 'id') => intParam(name, 1, INT_COLUMN_MAX);
/** A row id in a JSON body: 1 to INT_COLUMN_MAX. */
export const idField = (name = 'id') => intField(name, 1, INT_COLUMN_MAX);
