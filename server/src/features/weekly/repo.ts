import type { PlanningMessage } from '#common/api/weekly.js';
import { REFLECTIONS_FETCHED } from '#common/weeklyTexts.js';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { JournalRow } from '../journal/repo.js';

/** The planning conversations (one per user and week). Plans are journal rows: see journal/repo. */

export function findConversation(db: Db, userId: number, week: string) {
  return db
    .selectFrom('weekly_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('week_date', '=', week)
    .executeTakeFirst();
}

export function findConversationById(db: Db, userId: number, id: number) {
  return db
    .selectFrom('weekly_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Writes the week's conversation (replacing the stored one) and returns the row. */
export async function upsertConversation(
  db: Db,
  userId: number,
  week: string,
  messages: PlanningMessage[],
  now: string,
) {
  const text = JSON.stringify(messages);
  return db
    .insertInto('weekly_conversations')
    .values({ user_id: userId, week_date: week, messages: text, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'week_date']).doUpdateSet({ messages: text, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteConversation(db: Db, userId: number, id: number) {
  const res = await db
    .deleteFrom('weekly_conversations')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * A user's latest daily notes up to a date (newest first) that have one part, morning or
 * evening: the reflections read the latest 25 of each, however long ago they were written.
 * Two reads, each bounded by the limit, on the (user, date) index.
 */
const latestPartQuery = (part: 'has_morning' | 'has_evening') =>
  prepared<
    { userId: number; to: string },
    Pick<JournalRow, 'date' | 'has_morning' | 'has_evening' | 'structured_data'>
  >((db, p) =>
    db
      .selectFrom('journal_entries')
      .select(['date', 'has_morning', 'has_evening', 'structured_data'])
      .where('user_id', '=', p.userId)
      .where('journal_type', '=', 'daily')
      .where('date', '<=', p.to)
      .where(part, '=', 1)
      .orderBy('date', 'desc')
      .limit(REFLECTIONS_FETCHED),
  );
const latestMornings = latestPartQuery('has_morning');
const latestEvenings = latestPartQuery('has_evening');

/** The latest 25 daily notes with a morning part and the latest 25 with an evening part, up to `to`. */
export const latestDailyParts = async (db: Db, userId: number, to: string) => {
  const mornings = await latestMornings.execute(db, { userId, to });
  const evenings = await latestEvenings.execute(db, { userId, to });
  return { mornings, evenings };
};

/** A week's plan: the weekly_planning journal entry dated on its Monday (the week's one read). */
const planQuery = prepared<{ userId: number; week: string }, JournalRow>((db, p) =>
  db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', p.userId)
    .where('journal_type', '=', 'weekly_planning')
    .where('date', '=', p.week),
);

export const findPlanRow = (db: Db, userId: number, week: string) => planQuery.executeTakeFirst(db, { userId, week });
