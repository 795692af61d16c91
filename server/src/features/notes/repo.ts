import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { TranscriptsTable } from '../../db/schema.js';
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

type JournalHeadRow = { id: number; date: string; journal_type: string; updated_at: string; head: string | null };

/**
 * The notes list's reads, compiled once per shape (db/prepared.ts): the journal's per set of
 * types and daily part (the types and the part are fixed in each shape's statement).
 */
const journalHeadQueries = new Map<string, ReturnType<typeof journalHeadQuery>>();
const journalHeadQuery = (filter: JournalHeadlineFilter) =>
  prepared<{ userId: number; take: number }, JournalHeadRow>((db, p) => {
    let q = db
      .selectFrom('journal_entries')
      .select(['id', 'date', 'journal_type', 'updated_at'])
      // Only the start of a note is needed for its title.
      .select((eb) => eb.fn<string>('substr', ['content', eb.val(1), eb.val(200)]).as('head'))
      .where('user_id', '=', p.userId)
      .where('journal_type', 'in', filter.types);
    if (filter.part === 'morning') q = q.where('has_morning', '=', 1);
    if (filter.part === 'evening') q = q.where('has_evening', '=', 1);
    return q.orderBy('date', 'desc').orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(p.take);
  });

/** The newest `take` journal rows of the given types, as headline sources. */
export async function journalHeadlineRows(
  db: Db,
  userId: number,
  filter: JournalHeadlineFilter,
  take: number,
): Promise<HeadlineSourceRow[]> {
  const shape = `${filter.types.join(',')}:${filter.part ?? ''}`;
  let query = journalHeadQueries.get(shape);
  if (!query) {
    query = journalHeadQuery({ types: [...filter.types], part: filter.part });
    journalHeadQueries.set(shape, query);
  }
  const rows = await query.execute(db, { userId, take });
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    kind: r.journal_type as HeadlineSourceRow['kind'],
    text: r.head ?? '',
    time: r.updated_at,
  }));
}

const transcriptHeadQuery = prepared<
  { userId: number; take: number },
  { id: number; date: string; title: string; created_at: string }
>((db, p) =>
  db
    .selectFrom('transcripts')
    .select(['id', 'date', 'title', 'created_at'])
    .where('user_id', '=', p.userId)
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.take),
);

export async function transcriptHeadlineRows(db: Db, userId: number, take: number): Promise<HeadlineSourceRow[]> {
  const rows = await transcriptHeadQuery.execute(db, { userId, take });
  return rows.map((r) => ({ id: r.id, date: r.date, kind: 'transcript', text: r.title, time: r.created_at }));
}

const recentQuery = prepared<
  { userId: number; take: number; chars: number },
  Pick<
    TranscriptsTable,
    | 'date'
    | 'title'
    | 'content'
    | 'context'
    | 'transcript_type'
    | 'google_event_id'
    | 'google_event_etag'
    | 'event_start'
  > & { id: number }
>((db, p) =>
  db
    .selectFrom('transcripts')
    .select([
      'id',
      'date',
      'title',
      sql<string>`substr(content, 1, ${p.chars})`.as('content'),
      'context',
      'transcript_type',
      'google_event_id',
      'google_event_etag',
      'event_start',
    ])
    .where('user_id', '=', p.userId)
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.take),
);

/**
 * The newest `take` transcripts, each text as its first `chars` characters, in one query: a
 * coach shows a few thousand characters of a meeting whose text can be 150 KB.
 */
export function recentTranscripts(db: Db, userId: number, take: number, chars: number) {
  return recentQuery.execute(db, { userId, take, chars });
}

export function findTranscript(db: Db, userId: number, id: number) {
  return db.selectFrom('transcripts').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The user's transcripts among `ids`, in the order of `ids` (unknown and foreign ids left out). */
export async function findTranscripts(db: Db, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('transcripts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
