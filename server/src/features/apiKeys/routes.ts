import {
  apiKeyIdParams,
  apiKeysQuery,
  apiKeysResponse,
  createApiKeyRequest,
  createdApiKey,
} from '#common/api/apiKeys.js';
import { errors, noContent } from '#common/api/common.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import * as service from './service.js';

const tags = ['apiKeys'];

/** API keys for MCP clients (part 1 §7). Managed with the session only: a key cannot manage keys. */
export async function apiKeyRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/api-keys',
    {
      schema: {
        operationId: 'apiKeys.list',
        tags,
        summary: 'The API keys of the signed-in user, newest first (never the keys themselves)',
        description:
          'Paged: limit (default 20, every key a user may hold; at most 100) from offset; a page shorter than limit is the last.',
        querystring: apiKeysQuery,
        response: { 200: apiKeysResponse, ...errors(400, 401) },
      },
    },
    async (request) => service.listApiKeys(ctx.db, userOf(request).id, request.query),
  );

  r.post(
    '/api/api-keys',
    {
      schema: {
        operationId: 'apiKeys.create',
        tags,
        summary: 'Create an API key; the response is the only time the full key is shown',
        description:
          "`expiresIn`: '30d', '90d' (default), '1y' or '' (never). `scope`: 'read' or 'read_write' (default). At most 20 keys per user (409 beyond).",
        body: createApiKeyRequest,
        response: { 201: createdApiKey, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => {
      const created = await service.createApiKey(ctx.db, userOf(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  r.delete(
    '/api/api-keys/:id',
    {
      schema: {
        operationId: 'apiKeys.delete',
        tags,
        summary: 'Delete an API key; it stops working at once',
        params: apiKeyIdParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await service.deleteApiKey(ctx.db, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
