import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponse, errors } from '#common/api/common.js';
import { mcpResponse } from '#common/api/mcp.js';
import { API_KEY_TEXT, MCP_PATH } from '#common/apiKeyConstants.js';
import { MESSAGES } from '#common/constants.js';
import type { App, AppContext } from '../context.js';
import { authenticateApiKey, type KeyUser } from '../features/apiKeys/service.js';
import { HttpError } from '../http/errors.js';
import { apiKeyOf, foreignOrigin, KeyRateLimit } from './keyAuth.js';
import { mcpSdk } from './sdk.js';
import { createMcpServer } from './server.js';
import { userTimeZone } from './time.js';

const WWW_AUTHENTICATE = 'Bearer realm="daymark-mcp"';
const tags = ['mcp'];
const json = { 'application/json': { schema: errorResponse } };
const noBody = z.null().describe('Accepted (a notification or response sent by the client)');
/** The transport's own refusals (unparsable JSON-RPC, wrong Accept or Content-Type) are JSON-RPC errors. */
const rpcError = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.union([mcpResponse, errorResponse]) } },
});

/** The endpoint's own 401: it takes an API key, not a session. */
const keyErrors = {
  ...errors(403, 429),
  401: { description: 'No API key, or an unknown, expired or deleted one (see WWW-Authenticate)', content: json },
};

/**
 * The MCP endpoint: Streamable HTTP, stateless (a fresh server and transport per request, so
 * any process can answer any request), authenticated by an API key rather than a session.
 */
export async function mcpRoutes(app: App, ctx: AppContext) {
  const limiter = new KeyRateLimit(() => ctx.config.mcpRateLimitPerMinute);

  async function keyUser(request: FastifyRequest): Promise<KeyUser> {
    if (foreignOrigin(request, ctx.config.allowedOrigins)) throw new HttpError(403, MESSAGES.crossOrigin);
    const key = apiKeyOf(request);
    if (!key) throw new HttpError(401, API_KEY_TEXT.missingKey, { 'www-authenticate': WWW_AUTHENTICATE });
    const user = await authenticateApiKey(ctx.db, key);
    if (!user) {
      throw new HttpError(401, API_KEY_TEXT.invalidKey, {
        'www-authenticate': `${WWW_AUTHENTICATE}, error="invalid_token"`,
      });
    }
    const retry = limiter.take(user.keyId);
    if (retry > 0) throw new HttpError(429, API_KEY_TEXT.rateLimited, { 'retry-after': String(retry) });
    return user;
  }

  app.post(
    MCP_PATH,
    {
      config: { public: true },
      schema: {
        operationId: 'mcp.rpc',
        tags,
        summary: 'MCP over Streamable HTTP (JSON-RPC); authenticated by an API key',
        description:
          'Send the key as `X-API-Key: dmk_…` or `Authorization: Bearer dmk_…`. Stateless: no session id, no server-initiated stream. A read key is offered read-only tools.',
        security: [{ mcpKey: [] }],
        response: {
          200: mcpResponse,
          202: noBody,
          ...errors(413),
          400: rpcError('Malformed JSON ({error}) or not a JSON-RPC message (a JSON-RPC error); nothing changed'),
          406: rpcError('The client does not accept application/json and text/event-stream (a JSON-RPC error)'),
          415: rpcError('The body is not application/json (a JSON-RPC error)'),
          ...keyErrors,
        },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await keyUser(request);
      const zone = await userTimeZone(ctx.db, user.id);
      const sdk = await mcpSdk();
      const server = createMcpServer(sdk, ctx, user, zone, (err) => request.log.error({ err }, 'MCP tool failed'));
      const transport = new sdk.StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        // Plain JSON answers: no tool streams progress, and JSON is cheaper than an event stream.
        enableJsonResponse: true,
      });
      reply.hijack();
      // The transport writes the response itself, past the hooks that add these to API answers.
      reply.raw.setHeader('cache-control', 'no-store');
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        request.log.error({ err }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(JSON.stringify({ error: MESSAGES.somethingWrong }));
        }
      }
    },
  );

  // Stateless: there is no stream to open (GET) and no session to end (DELETE).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      config: { public: true },
      schema: {
        operationId: `mcp.${method.toLowerCase()}`,
        tags,
        summary: 'Not supported by this stateless server (405)',
        // Protocol plumbing: MCP clients try it, people need not see it.
        hide: true,
        response: {
          ...keyErrors,
          405: { description: 'The server keeps no sessions: only POST is supported', content: json },
        },
      },
      handler: async (request, reply) => {
        await keyUser(request);
        return reply
          .code(405)
          .header('allow', 'POST')
          .send({ error: 'Method not allowed: send MCP requests with POST' });
      },
    });
  }
}
