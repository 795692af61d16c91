import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  loginRequest,
  loginResponse,
  meResponse,
  okResponse,
  sessionsQuery,
  sessionsResponse,
} from '#common/api/auth.js';
import { errors, noContent } from '#common/api/common.js';
import { SESSION_COOKIE } from '#common/constants.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { deviceTokenOf, setDeviceCookie } from './deviceCookie.js';
import { ProxyHint } from './proxyHint.js';

const tags = ['auth'];

export async function authRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: ctx.config.cookieSecure ?? request.protocol === 'https',
  });
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
  const proxyHint = new ProxyHint({ trustProxy: ctx.config.trustProxy });

  r.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'auth.login',
        summary: 'Sign in; returns a bearer token and sets the session cookie and the device cookie',
        body: loginRequest,
        response: { 200: loginResponse, ...errors(400, 401, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      proxyHint.note(request.ip, request.log);
      const result = await ctx.auth.login(
        username,
        password,
        request.ip,
        request.headers['user-agent'] ?? null,
        deviceTokenOf(ctx.config, request),
      );
      // A new session each sign-in; the one this browser held before ends with it.
      if (request.authUser) await ctx.auth.logout(request.authUser);
      reply.setCookie(SESSION_COOKIE, result.token, {
        ...cookieOptions(request),
        maxAge: Math.floor(ctx.config.sessionMaxMs / 1000),
      });
      if (result.deviceToken) setDeviceCookie(ctx.config, request, reply, result.deviceToken);
      return { token: result.token, user: result.user };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'auth.logout',
        summary: 'Sign out: revokes the session on the server',
        response: { 200: okResponse, ...errors(400, 403, 413) },
      },
    },
    async (request, reply) => {
      if (request.authUser) await ctx.auth.logout(request.authUser);
      clearCookie(request, reply);
      return { success: true as const };
    },
  );

  r.get(
    '/api/auth/me',
    {
      schema: {
        tags,
        operationId: 'auth.me',
        summary: 'The signed-in user',
        response: { 200: meResponse, ...errors(401) },
      },
    },
    async (request) => {
      const user = userOf(request);
      return {
        user: { username: user.username, is_admin: user.isAdmin, timezone: user.timeZoneSet ? user.timeZone : null },
      };
    },
  );

  r.get(
    '/api/auth/sessions',
    {
      schema: {
        tags,
        operationId: 'auth.listSessions',
        summary: "The signed-in user's active sessions",
        description:
          'Paged: most recently seen first, limit (default 50, at most 200) from offset; a page shorter than limit is the last.',
        querystring: sessionsQuery,
        response: { 200: sessionsResponse, ...errors(400, 401) },
      },
    },
    async (request) => ({ sessions: await ctx.auth.listSessions(userOf(request), request.query) }),
  );

  r.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        tags,
        operationId: 'auth.revokeSession',
        summary: 'Revoke one of your sessions (sign a device out)',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await ctx.auth.revokeSession(userOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
