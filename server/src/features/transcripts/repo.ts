import { sql } from 'kysely';
import {
  TRANSCRIPT_PREVIEW_CHARS,
  type Transcript,
  type TranscriptSummary,
  transcriptSummaryPage,
} from '#common/api/transcripts.js';
import type { Db } from '../../db/index.js';
import { pageAsJson, pageColumn } from '../../db/jsonRows.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
import type { TranscriptsTable } from '../../db/schema.js';
import { compileResponseSerializer } from '../../http/serializer.js';

/** What a write sets; the length and opening are kept by the database. */
export type TranscriptFields = Omit<TranscriptsTable, 'id' | 'user_id' | 'created_at' | 'characters' | 'excerpt'>;

const columns = [
  'id',
  'date',
  'title',
  'content',
  'context',
  'transcript_type',
  'google_event_id',
  'google_event_etag',
  'google_recurring_event_id',
  'event_start',
  'created_at',
] as const;

type Row = Pick<TranscriptsTable, Exclude<(typeof columns)[number], 'id'>> & { id: number };
const typeOf = (t: string) => (t === 'scheduled' ? 'scheduled' : 'impromptu');
const present = (r: Row): Transcript => ({ ...r, transcript_type: typeOf(r.transcript_type) });

/** SQLite's bound-parameter limit is far above this; it keeps every statement small on both databases. */
const CHUNK = 500;

const owned = (db: Db, userId: number) => db.selectFrom('transcripts').select(columns).where('user_id', '=', userId);

/**
 * A summary's columns: everything but the text, and instead its length and opening, which the
 * database keeps beside the text (triggers of migration 0019, counting characters on SQLite and
 * PostgreSQL alike), so a list neither carries nor reads through the texts.
 */
const summaryColumns = [...columns.filter((c) => c !== 'content'), 'characters', 'excerpt'] as const;

const summaries = (db: Db, userId: number) =>
  db.selectFrom('transcripts').select(summaryColumns).where('user_id', '=', userId);

type SummaryRow = Omit<TranscriptSummary, 'transcript_type' | 'characters'> & {
  transcript_type: string;
  characters: number | string;
};
const presentSummary = (r: SummaryRow): TranscriptSummary => ({
  ...r,
  transcript_type: typeOf(r.transcript_type),
  characters: Number(r.characters),
});

/** The summary of a whole transcript, as the database computes it for lists (code points, not UTF-16 units). */
export function summaryOf(t: Transcript): TranscriptSummary {
  const { content, ...rest } = t;
  const pairs = content.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  let excerpt = '';
  let n = 0;
  for (const ch of content) {
    if (n++ === TRANSCRIPT_PREVIEW_CHARS) break;
    excerpt += ch;
  }
  return { ...rest, characters: content.length - pairs, excerpt };
}

/**
 * One page of summaries, newest first (the most recently recorded at the top, as the list shows
 * new items; ties by id, so pages never overlap or skip), and how many the user has in all.
 */
export async function listSummaryPage(db: Db, userId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([summaryPage.execute(db, { userId, limit, offset }), countOf(db, userId)]);
  return { items: rows.map(presentSummary), total: count };
}

/** A summary's properties in the answer's order (`transcriptSummary`), as `presentSummary` writes them. */
const summaryFields = [
  'id',
  'date',
  'title',
  'context',
  ['transcript_type', sql`iif(${pageColumn('transcript_type')} = 'scheduled', 'scheduled', 'impromptu')`],
  'google_event_id',
  'google_event_etag',
  'google_recurring_event_id',
  'event_start',
  'created_at',
  'characters',
  'excerpt',
] as const;
const writeSummaryPage = compileResponseSerializer(transcriptSummaryPage);

/**
 * `listSummaryPage` as the answer's JSON text: on SQLite the page (up to 200 summaries) is
 * written by the database itself (`db/jsonRows.ts`), on PostgreSQL by the route's serialiser.
 */
export async function listSummaryPageJson(db: Db, dialect: Dialect, userId: number, limit: number, offset: number) {
  if (dialect !== 'sqlite') return writeSummaryPage(await listSummaryPage(db, userId, limit, offset));
  const [page, count] = await Promise.all([
    summaryPageJson.executeTakeFirst(db, { userId, limit, offset }),
    countOf(db, userId),
  ]);
  return `{"items":${page?.json ?? '[]'},"total":${count}}`;
}

// The Transcripts screen's pages and their count: compiled once (db/prepared.ts).
type PageParams = { userId: number; limit: number; offset: number };
const pageOf = (db: Db, p: PageParams) =>
  summaries(db, p.userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(p.limit).offset(p.offset);
const summaryPage = prepared<PageParams, SummaryRow>(pageOf);
const summaryPageJson = prepared<PageParams, { json: string }>((db, p) => pageAsJson(pageOf(db, p), summaryFields));
const countQuery = prepared<{ userId: number }, { n: string | number }>((db, p) =>
  db
    .selectFrom('transcripts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', p.userId),
);
const countOf = async (db: Db, userId: number) => Number((await countQuery.executeTakeFirst(db, { userId }))?.n ?? 0);

/**
 * Summaries of the transcripts whose day lies in [start, end] (the user's own calendar days), by
 * day, then creation, then id; all of them, or the page `page` asks for.
 */
export async function listSummariesBetween(
  db: Db,
  userId: number,
  start: string,
  end: string,
  page?: { limit: number; offset: number },
) {
  const rows = page
    ? await summariesBetweenPage.execute(db, { userId, start, end, ...page })
    : await summariesBetween.execute(db, { userId, start, end });
  return rows.map(presentSummary);
}

// A day's or a range's transcripts are read by the day view, the weekly plan and the coaches:
// compiled once (db/prepared.ts).
type BetweenParams = { userId: number; start: string; end: string };
const between = (db: Db, p: BetweenParams) =>
  summaries(db, p.userId)
    .where('date', '>=', p.start)
    .where('date', '<=', p.end)
    .orderBy('date', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc');
const summariesBetween = prepared<BetweenParams, SummaryRow>(between);
const summariesBetweenPage = prepared<BetweenParams & { limit: number; offset: number }, SummaryRow>((db, p) =>
  between(db, p).limit(p.limit).offset(p.offset),
);

export async function get(db: Db, userId: number, id: number) {
  const row = await owned(db, userId).where('id', '=', id).executeTakeFirst();
  return row ? present(row) : undefined;
}

export async function insert(db: Db, userId: number, t: TranscriptFields, now: string) {
  const row = await db
    .insertInto('transcripts')
    .values({ ...t, user_id: userId, created_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return present(row);
}

export async function update(db: Db, userId: number, id: number, t: TranscriptFields) {
  const row = await db
    .updateTable('transcripts')
    .set(t)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row ? present(row) : undefined;
}

export async function remove(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('transcripts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Deletes the user's transcripts among `ids` (others' ids match nothing); returns how many went. */
export async function removeMany(db: Db, userId: number, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const res = await db
      .deleteFrom('transcripts')
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .executeTakeFirst();
    deleted += Number(res.numDeletedRows);
  }
  return deleted;
}
