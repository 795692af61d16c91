import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../common/src/constants.js';
import { formatIssue } from '../../../common/src/validation.js';
import { HttpError } from './errors.js';

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
