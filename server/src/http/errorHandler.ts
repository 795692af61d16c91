import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '#common/constants.js';
import { formatIssue } from '#common/validation.js';
import { HttpError } from './errors.js';

/** PostgreSQL's codes for a server that is shutting down, starting, or gone (class 08 and 57P0x). */
const UNAVAILABLE_SQLSTATE = /^(08\d\d\d|57P01|57P02|57P03)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/** Whether an error says the database cannot be reached now (so a retry may succeed), not that a query is wrong. */
export function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

/** Every error leaves as `{error}`: validation 400, known statuses as they are, the rest 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      reply.code(err.statusCode).headers(err.headers);
      // A machine-readable code (AUTH_EXPIRED) rides along; the documented Error schema would
      // strip it, so this reply is serialised as it is.
      if (err.code) return reply.serializer(JSON.stringify).send({ error: err.message, code: err.code });
      return reply.send({ error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const path = first?.instancePath.split('/').filter(Boolean) ?? [];
      return reply.code(400).send({ error: formatIssue(path, first?.message ?? 'Invalid request') });
    }
    if (databaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: MESSAGES.databaseUnavailable });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: 'Request body is too large' });
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.code(400).send({ error: 'Request body is not valid JSON' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: MESSAGES.somethingWrong });
  });
}
