import { sql } from 'kysely';
import { z } from 'zod';
import { healthDrainingResponse, healthResponse } from '#common/api/auth.js';
import { errorResponse, errors } from '#common/api/common.js';
import { llmHealthResponse } from '#common/api/health.js';
import { type App, type AppContext, typed } from '../../context.js';

export async function healthRoutes(app: App, ctx: AppContext) {
  typed(app).get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        operationId: 'health.check',
        summary: 'Liveness and database check; 503 while the instance shuts down (for load balancers)',
        // 503 is answered by the drain (http/drain.ts) before this handler, or when the database is away.
        response: {
          200: healthResponse,
          503: {
            description: 'Shutting down (status "draining") or the database cannot be reached; send traffic elsewhere',
            content: { 'application/json': { schema: z.union([healthDrainingResponse, errorResponse]) } },
          },
        },
      },
    },
    async () => {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' as const, version: ctx.version, database: ctx.dialect, time: new Date().toISOString() };
    },
  );

  // Signed-in only: the check makes a (small) model call, which may cost money.
  typed(app).get(
    '/api/health/llm',
    {
      schema: {
        tags: ['health'],
        operationId: 'health.checkLlm',
        summary: 'AI provider check: provider, model, reachability and latency (never the key)',
        response: { 200: llmHealthResponse, ...errors(401) },
      },
    },
    async () => ctx.ai.health(),
  );
}
