import { z } from 'zod';
import { errors, noContent } from '#common/api/common.js';
import {
  coachMeta,
  conversationIdParams,
  saveConversationRequest,
  saveWeeklyPlanRequest,
  saveWeeklyPlanResponse,
  weeklyCoachEvent,
  weeklyCoachRequest,
  weeklyConversation,
  weeklyPlan,
  weeklyReflections,
  weekParams,
} from '#common/api/weekly.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import { CoachService } from '../coach/service.js';
import { writeSse } from '../coach/sse.js';
import { planningCoach } from './planningCoach.js';
import { loadReflectionsJson } from './reflections.js';
import * as service from './service.js';

const tags = ['weekly'];

export async function weeklyRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const coach = new CoachService(ctx);

  r.get(
    '/api/weekly/coach-meta',
    {
      schema: {
        tags,
        operationId: 'weekly.getCoachMeta',
        summary: "The planning coach's settings (the professional coach's prompts and meta information)",
        response: { 200: coachMeta, ...errors(401) },
      },
    },
    async (request) => coach.getMeta(userOf(request).id, 'vocational'),
  );

  r.post(
    '/api/weekly/coach',
    {
      schema: {
        tags,
        operationId: 'weekly.coach',
        summary: 'One turn of the planning coach, as server-sent events',
        description:
          'Each event is `data: {json}` with a `type`: delta (text pieces), goals (validated suggestions and the plan goals with them merged) or warning, then message (the whole reply), or error. Without an AI provider a deterministic planning guide answers.',
        body: weeklyCoachRequest,
        response: {
          200: {
            description: 'Server-sent events, each one WeeklyCoachEvent; ends after message or error',
            content: { 'text/event-stream': { schema: weeklyCoachEvent } },
          },
          ...errors(400, 401, 403, 413),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const abort = new AbortController();
      await writeSse(
        request,
        reply,
        planningCoach(ctx, user.id, user.timeZone, request.body, {
          signal: abort.signal,
          logError: (err) => request.log.error({ err }, 'planning coach failed'),
        }),
        abort,
      );
    },
  );

  r.delete(
    '/api/weekly/:date/conversation',
    {
      schema: {
        tags,
        operationId: 'weekly.deleteConversation',
        summary: "Delete the week's planning conversation (404 when there is none)",
        params: weekParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await service.deleteWeekConversation(ctx.db, userOf(request).id, request.params.date);
      return reply.code(204).send(null);
    },
  );

  // The spec's path, by the conversation's id. OpenAPI finds it ambiguous with
  // /api/weekly/{date}/…, so the document lists the by-week path above instead; the router
  // matches the static segment first, so both work.
  r.delete(
    '/api/weekly/conversation/:id',
    {
      schema: {
        tags,
        hide: true,
        summary: "Delete a week's planning conversation by its id",
        params: conversationIdParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await service.deleteConversation(ctx.db, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/weekly/:date',
    {
      schema: {
        tags,
        operationId: 'weekly.getPlan',
        summary: "The plan of the week of a date (any date names its week's Monday), with the week's rules",
        params: weekParams,
        response: { 200: weeklyPlan, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await service.getPlanJson(ctx.db, userOf(request).id, request.params.date, userOf(request).timeZone),
      ),
  );

  r.put(
    '/api/weekly/:date',
    {
      schema: {
        tags,
        operationId: 'weekly.savePlan',
        summary: "Save the week's plan; refused (409) once the week has ended (after its Saturday 23:59)",
        description:
          "The week's reflections are attached as they are at the time of the save. saved false with 'No changes to save' when nothing the user writes changed.",
        params: weekParams,
        body: saveWeeklyPlanRequest,
        response: { 200: saveWeeklyPlanResponse, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request) =>
      service.savePlan(ctx.db, userOf(request).id, request.params.date, userOf(request).timeZone, request.body),
  );

  r.get(
    '/api/weekly/:date/reflections',
    {
      schema: {
        tags,
        operationId: 'weekly.getReflections',
        summary: "The latest 25 morning and 25 evening reflections of the daily notes up to the week's end, summarised",
        params: weekParams,
        response: { 200: weeklyReflections, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await loadReflectionsJson(ctx.db, userOf(request).id, request.params.date)),
  );

  r.get(
    '/api/weekly/:date/export',
    {
      schema: {
        tags,
        operationId: 'weekly.export',
        summary: 'The saved plan as a Markdown file, weekly-plan-{date}.md',
        params: weekParams,
        response: {
          200: { description: 'The plan as Markdown', content: { 'text/markdown': { schema: z.string() } } },
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { week, markdown } = await service.exportPlan(ctx.db, userOf(request).id, request.params.date);
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="weekly-plan-${week}.md"`)
        .send(markdown);
    },
  );

  r.get(
    '/api/weekly/:date/conversation',
    {
      schema: {
        tags,
        operationId: 'weekly.getConversation',
        summary: "The week's planning conversation (exists false and no messages when none was saved)",
        params: weekParams,
        response: { 200: weeklyConversation, ...errors(400, 401) },
      },
    },
    async (request) => service.getConversation(ctx.db, userOf(request).id, request.params.date),
  );

  r.post(
    '/api/weekly/:date/conversation',
    {
      schema: {
        tags,
        operationId: 'weekly.saveConversation',
        summary: "Save the week's planning conversation (replaces the stored one); refused once the week has ended",
        params: weekParams,
        body: saveConversationRequest,
        response: { 200: weeklyConversation, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request) =>
      service.saveConversation(
        ctx.db,
        userOf(request).id,
        request.params.date,
        userOf(request).timeZone,
        request.body.conversation,
      ),
  );
}
