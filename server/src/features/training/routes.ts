import { z } from 'zod';
import { errors } from '#common/api/common.js';
import {
  moveSessionRequest,
  planWeekRequest,
  ruleResponse,
  sessionParams,
  sessionResponse,
  trainingRule,
  trainingWeek,
  weekQuery,
} from '#common/api/training.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { onCalendarsRefreshed } from '../calendar/sync.js';
import { getRule } from './repo.js';
import { defendWeek, getWeek, moveSession, planAgain, saveRule, skipSession } from './service.js';

const defendAfterRefresh = (ctx: AppContext, userId: number) => defendWeek(ctx, userId);

const tags = ['training'];

/** The training week: the rule (Workout settings), the week's sessions, moving and skipping one. */
export async function trainingRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  // Each refresh of a user's calendars plans their week when it never was, and defends it.
  onCalendarsRefreshed(defendAfterRefresh);

  r.get(
    '/api/training/rule',
    {
      schema: {
        tags,
        operationId: 'training.getRule',
        summary: 'The training rule: sessions a week, their length, days, time windows, buffer, calendar',
        response: { 200: ruleResponse, ...errors(401) },
      },
    },
    async (request) => ({ rule: await getRule(ctx.db, userOf(request).id) }),
  );

  r.put(
    '/api/training/rule',
    {
      schema: {
        tags,
        operationId: 'training.saveRule',
        summary: 'Save the training rule; with it on, the rest of this week is planned again',
        body: trainingRule,
        response: { 200: z.object({ rule: trainingRule, week: trainingWeek }), ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => saveRule(ctx, userOf(request).id, request.body),
  );

  r.get(
    '/api/training/week',
    {
      schema: {
        tags,
        operationId: 'training.getWeek',
        summary: "The week's training sessions (the week of `date`, default today), planned first when it never was",
        querystring: weekQuery,
        response: { 200: trainingWeek, ...errors(400, 401) },
      },
    },
    async (request) => getWeek(ctx, userOf(request).id, request.query.date),
  );

  r.post(
    '/api/training/week/plan',
    {
      schema: {
        tags,
        operationId: 'training.planWeek',
        summary: 'Plan the rest of the week again (sessions done, skipped or placed by the user stay)',
        body: planWeekRequest,
        response: { 200: trainingWeek, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => planAgain(ctx, userOf(request).id, request.body.date),
  );

  r.post(
    '/api/training/sessions/:id/move',
    {
      schema: {
        tags,
        operationId: 'training.moveSession',
        summary: 'Move a session to a day of its week and a local time; it stays where the user put it',
        params: sessionParams,
        body: moveSessionRequest,
        response: { 200: sessionResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => moveSession(ctx, userOf(request).id, request.params.id, request.body),
  );

  r.post(
    '/api/training/sessions/:id/skip',
    {
      schema: {
        tags,
        operationId: 'training.skipSession',
        summary: 'Skip a session: its calendar event is removed',
        params: sessionParams,
        response: { 200: sessionResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => skipSession(ctx, userOf(request).id, request.params.id),
  );
}
