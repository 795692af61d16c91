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
