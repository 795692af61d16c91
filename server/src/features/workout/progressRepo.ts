import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';

export interface ProgressRow {
  workout_uuid: string;
  section_uuid: string;
  exercise_uuid: string;
  status: string;
  notes: string | null;
}

// Read by every load of the Today screen: compiled once (db/prepared.ts).
const progressQuery = prepared<{ userId: number; workoutUuid: string }, ProgressRow>((db, p) =>
  db
    .selectFrom('exercise_progress')
    .select(['workout_uuid', 'section_uuid', 'exercise_uuid', 'status', 'notes'])
    .where('user_id', '=', p.userId)
    .where('workout_uuid', '=', p.workoutUuid)
    .orderBy('id'),
);

export function listProgress(db: Db, userId: number, workoutUuid: string): Promise<ProgressRow[]> {
  return progressQuery.execute(db, { userId, workoutUuid });
}

export async function saveProgress(db: Db, userId: number, p: ProgressRow): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('exercise_progress')
    .values({ user_id: userId, ...p, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'workout_uuid', 'exercise_uuid'])
        .doUpdateSet({ section_uuid: p.section_uuid, status: p.status, notes: p.notes, updated_at: now }),
    )
    .execute();
}

export async function clearProgress(db: Db, userId: number, workoutUuid: string): Promise<void> {
  await db
    .deleteFrom('exercise_progress')
    .where('user_id', '=', userId)
    .where('workout_uuid', '=', workoutUuid)
    .execute();
}

export interface FeedbackRow {
  exercise_name: string;
  exercise_uuid: string | null;
  feedback_type: string;
  comment: string | null;
}

export function listFeedbackByDate(db: Db, userId: number, date: string): Promise<FeedbackRow[]> {
  return db
    .selectFrom('exercise_feedback')
    .select(['exercise_name', 'exercise_uuid', 'feedback_type', 'comment'])
    .where('user_id', '=', userId)
    .where('workout_date', '=', date)
    .orderBy('id')
    .execute();
}

/** Every exercise the user ever liked or disliked, the latest verdict per name winning. */
export async function feedbackVerdicts(db: Db, userId: number): Promise<{ liked: string[]; disliked: string[] }> {
  const rows = await db
    .selectFrom('exercise_feedback')
    .select(['exercise_name', 'feedback_type'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const verdict = new Map<string, string>();
  for (const r of rows) verdict.set(r.exercise_name, r.feedback_type);
  const liked: string[] = [];
  const disliked: string[] = [];
  for (const [name, type] of verdict) (type === 'like' ? liked : disliked).push(name);
  return { liked, disliked };
}

/** One verdict per exercise and workout date: submitting again replaces it. */
export async function saveFeedback(
  db: Db,
  userId: number,
  f: {
    workout_date: string;
    exercise_name: string;
    exercise_uuid: string | null;
    feedback_type: string;
    comment: string | null;
  },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('exercise_feedback')
    .values({ user_id: userId, ...f, created_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'workout_date', 'exercise_name']).doUpdateSet({
        exercise_uuid: f.exercise_uuid,
        feedback_type: f.feedback_type,
        comment: f.comment,
        created_at: now,
      }),
    )
    .execute();
}
