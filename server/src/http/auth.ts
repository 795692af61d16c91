import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, SESSION_COOKIE } from '#common/constants.js';
import type { AuthService, AuthUser } from '../features/auth/service.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** The route needs no session. */
    public?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim();
  return undefined;
}

/** The signed-in user of a route that requires one (the auth hook guarantees it). */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new HttpError(401, MESSAGES.authRequired);
  return request.authUser;
}

function originAllowed(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] === 'same-origin';
  if (origin === `${request.protocol}://${request.host}`) return true;
  return allowed.includes(origin);
}

/**
 * Resolves the session of every request from the bearer token or the session cookie, and
 * refuses routes that need one without it. A state-changing request that relies on the cookie
 * must come from the app's own origin, and any request naming a foreign origin is refused.
 */
export function registerAuth(app: FastifyInstance, auth: AuthService, allowedOrigins: string[]) {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    // Read once: Fastify builds `routeOptions` as a new object on every access.
    const { config, url } = request.routeOptions;
    // No route matched: let the not-found handler answer. Outside the API are only the web
    // app's static files, which are public.
    if (!url?.startsWith('/api')) return;
    const bearer = bearerToken(request);
    const cookie = bearer ? undefined : request.cookies[SESSION_COOKIE];
    const stateChanging = !SAFE_METHODS.has(request.method);
    if (stateChanging && request.headers.origin && !originAllowed(request, allowedOrigins)) {
      throw new HttpError(403, MESSAGES.crossOrigin);
    }
    const token = bearer ?? cookie;
    if (token) {
      request.authUser = await auth.authenticate(token);
      if (request.authUser && cookie && stateChanging && !originAllowed(request, allowedOrigins)) {
        throw new HttpError(403, MESSAGES.crossOrigin);
      }
    }
    if (!config.public && !request.authUser) throw new HttpError(401, MESSAGES.authRequired);
  });
}
