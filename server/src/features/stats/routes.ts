import { authErrors } from '#common/api/common.js';
import { statsQuery, statsResponse } from '#common/api/stats.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { stats } from './service.js';

const tags = ['stats'];

export async function statsRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/stats',
    {
      schema: {
        operationId: 'stats.get',
        tags,
        summary:
          'Weekly workouts and minutes, streaks, exercise outcomes and verdicts, journal consistency, energy, todos and meetings over 4 weeks, 12 weeks or a year (the user’s Sunday-start weeks)',
        querystring: statsQuery,
        response: { 200: statsResponse, ...authErrors },
      },
    },
    async (request) => stats(ctx.db, ctx.dialect, userOf(request), request.query.range),
  );
}
