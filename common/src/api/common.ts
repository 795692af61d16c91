import { z } from 'zod';

export const errorResponse = z.object({ error: z.string() }).meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Responses every authenticated route may give besides its own. */
export const authErrors = { 400: errorResponse, 401: errorResponse, 404: errorResponse } as const;
