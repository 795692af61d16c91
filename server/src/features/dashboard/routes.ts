import { authErrors } from '#common/api/common.js';
import { dashboardOverview } from '#common/api/dashboard.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import { overviewJson } from './service.js';

const tags = ['dashboard'];

export async function dashboardRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/dashboard/overview',
    {
      schema: {
        operationId: 'dashboard.overview',
        tags,
        summary:
          "The overview in one answer: today's personal goal, today's workout, this week's grid (Sunday to Saturday) and today's calendar, in the user's time zone",
        response: { 200: dashboardOverview, ...authErrors },
      },
    },
    async (request, reply) => sendJson(reply, await overviewJson(ctx, userOf(request))),
  );
}
