import { z } from 'zod';
import { MESSAGES } from '../constants.js';

export const loginRequest = z.object({
  username: z.string().trim().min(1, MESSAGES.loginRequired).max(200),
  password: z.string().min(1, MESSAGES.loginRequired).max(1000),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  token: z.string(),
  user: z.object({ username: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const currentUser = z.object({
  username: z.string(),
  is_admin: z.boolean(),
  /** The user's IANA zone, or null when none was set yet (the server then uses UTC). */
  timezone: z.string().nullable(),
});
export const meResponse = z.object({ user: currentUser });
export type MeResponse = z.infer<typeof meResponse>;

export const okResponse = z.object({ success: z.literal(true) });

export const sessionInfo = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export const sessionsResponse = z.object({ sessions: z.array(sessionInfo) });

/** A page of the session list: most recently seen first (then the newest), `limit` from `offset`. */
export const SESSIONS_PAGE_DEFAULT = 50;
export const SESSIONS_PAGE_MAX = 200;
export const sessionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SESSIONS_PAGE_MAX).default(SESSIONS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SessionsQuery = z.infer<typeof sessionsQuery>;
export type SessionInfo = z.infer<typeof sessionInfo>;

export const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/**
 * `GET /api/health` answering 503: the instance is shutting down (`status: 'draining'`, so a load
 * balancer takes it out of rotation while it finishes its work), or `{error}` when it cannot
 * reach its database.
 */
export const healthDrainingResponse = z.object({ status: z.literal('draining'), error: z.string() });
