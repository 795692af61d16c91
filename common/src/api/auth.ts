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
export type SessionInfo = z.infer<typeof sessionInfo>;

export const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
