import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '#common/constants.js';
import type { AppContext } from './context.js';
import { registerFeatures } from './features/index.js';
import { registerAuth } from './http/auth.js';
import { registerDrain } from './http/drain.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { registerOpenApi } from './http/openapi.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { serializerCompiler } from './http/serializer.js';
import { registerTextInputChecks } from './http/textInput.js';
import { registerWebApp } from './http/webApp.js';

/** Header and body fields that must never reach a log line. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
];

/** Query parameters whose values are credentials (OAuth codes and state, tokens, keys). */
const SECRET_QUERY = /^(code|state|token|access_token|refresh_token|id_token|key|api_key|password|secret)$/i;

/** A request's URL as logged: the values of credential-bearing query parameters left out. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(params.keys())) if (SECRET_QUERY.test(name)) params.set(name, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

const requestSerializer = (req: { method: string; url: string; host?: string; ip?: string }) => ({
  method: req.method,
  url: loggableUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
});

export async function buildApp(ctx: AppContext, logger: FastifyServerOptions['logger'] = false) {
  const app = Fastify({
    // The OAuth callback carries its one-time code and state in the query: never log them.
    logger:
      logger && typeof logger === 'object'
        ? { ...logger, serializers: { req: requestSerializer, ...(logger as { serializers?: object }).serializers } }
        : logger,
    bodyLimit: ctx.config.bodyLimit,
    // While closing, a request on a connection already open is served (and its connection then
    // closed), not refused with 503: the drain (http/drain.ts) lets the work in flight finish.
    return503OnClosing: false,
    trustProxy: ctx.config.trustProxy,
    // The router's own refusals (a path that is not valid UTF-8, a parameter over 100
    // characters) answer like every other bad request: 400 with {error}.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return reply.code(400).send({ error: tooLong ? 'A path parameter is too long' : 'The path is not valid' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerDrain(app);
  registerSecurityHeaders(app);
  registerTextInputChecks(app);
  registerAuth(app, ctx.auth, ctx.config.allowedOrigins);

  await registerOpenApi(app, ctx.version);

  await app.register(async (scope) => registerFeatures(scope, ctx));

  const sendIndex = ctx.config.webDir ? await registerWebApp(app, ctx.config.webDir) : null;
  app.setNotFoundHandler((request, reply) => {
    // A build's file that is not there (a chunk of an older build, asked for by a page opened
    // before an update) is a 404, not the page: the page sent as a script or a font only fails
    // later, and less clearly.
    const missingAsset = /^\/assets\/[^?]/.test(request.url);
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      missingAsset ||
      request.method !== 'GET' ||
      !sendIndex
    ) {
      return reply.code(404).send({ error: MESSAGES.notFound });
    }
    return sendIndex(reply);
  });
  return app;
}
