import { z } from 'zod';
import { okResponse } from '#common/api/auth.js';
import { errors } from '#common/api/common.js';
import {
  generateQuery,
  generationEvent,
  latestPlanResponse,
  listQuery,
  logListResponse,
  logQuery,
  logResponse,
  planListResponse,
  planResponse,
  saveLogRequest,
} from '#common/api/workout.js';
import { MESSAGES } from '#common/constants.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { sendJson } from '../../http/serializer.js';
import { openEventStream } from '../../http/sse.js';
import { todayInZone } from '../../time/dayStarts.js';
import { onSessionChanged } from '../training/service.js';
import { exerciseRoutes } from './exerciseRoutes.js';
import { generateWorkout } from './generation.js';
import { countLogs, deleteLog, getLogByDate, listLogs, saveLog } from './logsRepo.js';
import { deletePlan, getLatestPlan, getPlanById, listPlanSummariesJson, planOfDate } from './plansRepo.js';
import { clearProgress } from './progressRepo.js';
import { logValues, presentLog, presentPlan } from './service.js';
import { refitPlanToSession } from './sessionFit.js';

const tags = ['workout'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Workout helper calls of part 2 §7, mapped onto its candidate paths:
 * latest plan GET /api/workout/next, list plans GET /api/workout, delete plan DELETE /api/workout/{id},
 * logs GET/POST /api/workout-log and DELETE /api/workout-log/{id}; progress, feedback and settings
 * in exerciseRoutes.ts.
 */
export async function workoutRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  // A training session that shrinks or moves out of daylight gets its day's plan made again.
  onSessionChanged(refitPlanToSession);

  r.get(
    '/api/workout/stream',
    {
      schema: {
        tags,
        operationId: 'workout.generate',
        summary: 'Generate the plan for a date (server-sent events: connected, progress, warning, error, completed)',
        description:
          "Makes the date's current plan. A current plan with marked exercises or a log is kept as an earlier version (listed with `replaced: true`); one with neither is overwritten. A client that disconnects cancels the generation. `customPrompt` carries the focus and special instructions.",
        querystring: generateQuery,
        response: {
          200: {
            description: 'Server-sent events, each one WorkoutGenerationEvent; ends after completed or error',
            content: { 'text/event-stream': { schema: generationEvent } },
          },
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const stream = openEventStream(request, reply);
      stream.send('connected', { message: 'Connected' });
      try {
        const query = { ...request.query, date: request.query.date ?? todayInZone(user.timeZone) };
        await generateWorkout(ctx, user.id, query, (e) => stream.send(e.event, e.data), stream.signal);
      } catch (err) {
        request.log.error({ err }, 'workout generation failed');
        stream.send('error', { error: MESSAGES.somethingWrong, details: 'The plan could not be generated or saved.' });
      } finally {
        stream.close();
      }
    },
  );

  r.get(
    '/api/workout/next',
    {
      schema: {
        tags,
        operationId: 'workout.getLatest',
        summary:
          "Latest plan: today's plan (in the user's time zone), else the plan with the latest date; null when none",
        response: { 200: latestPlanResponse, ...errors(401) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const row = await getLatestPlan(ctx.db, user.id, todayInZone(user.timeZone));
      return { plan: row ? presentPlan(row) : null };
    },
  );

  r.get(
    '/api/workout',
    {
      schema: {
        tags,
        operationId: 'workout.listPlans',
        summary: 'List plans, newest first, a page at a time, each as its title and duration',
        description:
          'A page of plan summaries (`limit`, default 100, at most 365, from `offset`) and how many plans there are; the whole plan comes from GET /api/workout/{id}.',
        querystring: listQuery,
        response: { 200: planListResponse, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await listPlanSummariesJson(ctx.db, ctx.dialect, userOf(request).id, request.query)),
  );

  r.get(
    '/api/workout/:id',
    {
      schema: {
        tags,
        operationId: 'workout.getPlan',
        summary: 'One plan, whole',
        params: idParams,
        response: { 200: planResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await getPlanById(ctx.db, userOf(request).id, request.params.id);
      if (!row) throw notFound('Workout plan not found');
      return { plan: presentPlan(row) };
    },
  );

  r.delete(
    '/api/workout/:id',
    {
      schema: {
        tags,
        operationId: 'workout.deletePlan',
        summary:
          "Delete a plan (and its exercise progress); deleting a date's current plan brings back its newest earlier version",
        params: idParams,
        response: { 200: okResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const deleted = await deletePlan(ctx.db, userId, request.params.id);
      if (!deleted) throw notFound('Workout plan not found');
      if (deleted.planUuid) await clearProgress(ctx.db, userId, deleted.planUuid);
      return { success: true as const };
    },
  );

  r.get(
    '/api/workout-log',
    {
      schema: {
        tags,
        operationId: 'workout.listLogs',
        summary: 'List logs, newest first, a page at a time; with `date`, only that date (zero or one entry)',
        description: 'A page of logs (`limit`, default 100, at most 365, from `offset`) and how many logs there are.',
        querystring: logQuery,
        response: { 200: logListResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const { date, limit, offset } = request.query;
      if (date) {
        const row = await getLogByDate(ctx.db, userId, date);
        return { logs: row ? [presentLog(row)] : [], total: row ? 1 : 0 };
      }
      const [rows, total] = await Promise.all([listLogs(ctx.db, userId, { limit, offset }), countLogs(ctx.db, userId)]);
      return { logs: rows.map(presentLog), total };
    },
  );

  r.post(
    '/api/workout-log',
    {
      schema: {
        tags,
        operationId: 'workout.saveLog',
        summary: 'Save the log of a date; one per date, saving again updates it',
        description:
          'Without `workout_done` the log says the workout was done unless it is skipped or lists only skipped exercises. `plan_id` must be a plan of the same date (its current plan or an earlier version).',
        body: saveLogRequest,
        response: { 200: logResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const { plan_id, date } = request.body;
      if (plan_id !== undefined && !(await planOfDate(ctx.db, userId, plan_id, date))) {
        throw badRequest('That workout plan is not a plan of this date.');
      }
      return { log: presentLog(await saveLog(ctx.db, userId, logValues(request.body))) };
    },
  );

  r.delete(
    '/api/workout-log/:id',
    {
      schema: {
        tags,
        operationId: 'workout.deleteLog',
        summary: 'Delete a log',
        params: idParams,
        response: { 200: okResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      if (!(await deleteLog(ctx.db, userOf(request).id, request.params.id))) throw notFound('Workout log not found');
      return { success: true as const };
    },
  );

  await exerciseRoutes(app, ctx);
}
