import { z } from 'zod';
import { okResponse } from '#common/api/auth.js';
import { errors } from '#common/api/common.js';
import { isoDate } from '#common/api/dates.js';
import { feedbackResponse, progressItem, progressResponse, submitFeedbackRequest } from '#common/api/workout.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { planUuidExists } from './plansRepo.js';
import { clearProgress, listFeedbackByDate, listProgress, saveFeedback, saveProgress } from './progressRepo.js';

const uuidParams = z.object({ workoutUuid: z.string().min(1).max(100) });
const dateParams = z.object({ date: isoDate });

/** Exercise progress and feedback (POST/GET/DELETE /api/exercise/...). */
export async function exerciseRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const tags = ['workout'];

  /** Progress belongs to a plan: another user's (or a deleted) plan uuid is not found. */
  const ownPlan = async (userId: number, uuid: string) => {
    if (!(await planUuidExists(ctx.db, userId, uuid))) throw notFound('Workout plan not found');
  };

  r.get(
    '/api/exercise/progress/:workoutUuid',
    {
      schema: {
        tags,
        operationId: 'workout.getProgress',
        summary: "Exercise progress of a plan, by the plan's uuid",
        params: uuidParams,
        response: { 200: progressResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      await ownPlan(userId, request.params.workoutUuid);
      const rows = await listProgress(ctx.db, userId, request.params.workoutUuid);
      return { progress: rows.map((p) => ({ ...p, status: p.status as 'completed' | 'partial' | 'skipped' })) };
    },
  );

  r.post(
    '/api/exercise/progress',
    {
      schema: {
        tags,
        operationId: 'workout.saveProgress',
        summary: "Save one exercise's status and notes",
        body: progressItem,
        response: { 200: okResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const b = request.body;
      await ownPlan(userId, b.workout_uuid);
      await saveProgress(ctx.db, userId, { ...b, notes: b.notes?.trim() ? b.notes : null });
      return { success: true as const };
    },
  );

  r.delete(
    '/api/exercise/progress/:workoutUuid',
    {
      schema: {
        tags,
        operationId: 'workout.clearProgress',
        summary: 'Clear the exercise progress of a plan',
        params: uuidParams,
        response: { 200: okResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      await ownPlan(userId, request.params.workoutUuid);
      await clearProgress(ctx.db, userId, request.params.workoutUuid);
      return { success: true as const };
    },
  );

  r.get(
    '/api/exercise/feedback/:date',
    {
      schema: {
        tags,
        operationId: 'workout.getFeedback',
        summary: 'Likes and dislikes given on the plan of a date',
        params: dateParams,
        response: { 200: feedbackResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const rows = await listFeedbackByDate(ctx.db, userOf(request).id, request.params.date);
      return { feedback: rows.map((f) => ({ ...f, feedback_type: f.feedback_type as 'like' | 'dislike' })) };
    },
  );

  r.post(
    '/api/exercise/feedback',
    {
      schema: {
        tags,
        operationId: 'workout.saveFeedback',
        summary: 'Like or dislike an exercise; the planner prefers liked exercises and never uses disliked ones',
        body: submitFeedbackRequest,
        response: { 200: okResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const b = request.body;
      await saveFeedback(ctx.db, userOf(request).id, {
        workout_date: b.workoutDate,
        exercise_name: b.exerciseName,
        exercise_uuid: b.exerciseUuid ?? null,
        feedback_type: b.feedbackType,
        comment: b.comment?.trim() || null,
      });
      return { success: true as const };
    },
  );
}
