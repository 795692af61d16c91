import { z } from 'zod';

export const errorResponse = z.object({ error: z.string() }).meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Responses every authenticated route may give besides its own. */
export const authErrors = { 400: errorResponse, 401: errorResponse, 404: errorResponse } as const;

/** The reply of a bulk delete: how many of the user's items went (ids not theirs are ignored). */
export const bulkDeleteResponse = z.object({ deleted: z.number().int() }).meta({ id: 'BulkDeleteResult' });
export type BulkDeleteResponse = z.infer<typeof bulkDeleteResponse>;

/** Most ids one bulk delete takes. */
export const BULK_DELETE_MAX = 1000;
