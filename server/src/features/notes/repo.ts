import type { Db } from '../../db/index.js';
import type { DailyPart, StoredJournalType } from '../journal/repo.js';

export interface HeadlineSourceRow {
  id: number;
  date: string;
  kind: 'daily' | 'weekly_planning' | 'note' | 'transcript';
  /** Note text or transcript title, for the headline's title. */
  text: string;
  time: string;
}

export interface JournalHeadlineFilter {
  types: StoredJournalType[];
  part?: DailyPart | undefined;
}

/** The newest `take` journal rows of the given types, as headline sources. */
export async function journalHeadlineRows(
  db: Db,
  userId: number,
  filter: JournalHeadlineFilter,
  take: number,
): Promise<HeadlineSourceRow[]> {
  let q = db
    .selectFrom('journal_entries')
    .select(['id', 'date', 'journal_type', 'updated_at'])
    // Only the start of a note is needed for its title.
    .select((eb) => eb.fn<string>('substr', ['content', eb.val(1), eb.val(200)]).as('head'))
    .where('user_id', '=', userId)
    .where('journal_type', 'in', filter.types);
  if (filter.part === 'morning') q = q.where('has_morning', '=', 1);
  if (filter.part === 'evening') q = q.where('has_evening', '=', 1);
  const rows = await q
    .orderBy('date', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(take)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    kind: r.journal_type as HeadlineSourceRow['kind'],
    text: r.head ?? '',
    time: r.updated_at,
  }));
}

export async function transcriptHeadlineRows(db: Db, userId: number, take: number): Promise<HeadlineSourceRow[]> {
  const rows = await db
    .selectFrom('transcripts')
    .select(['id', 'date', 'title', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(take)
    .execute();
  return rows.map((r) => ({ id: r.id, date: r.date, kind: 'transcript', text: r.title, time: r.created_at }));
}

export function findTranscript(db: Db, userId: number, id: number) {
  return db.selectFrom('transcripts').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}
