import { type Selectable, sql } from 'kysely';
import { type JournalEntry, journalEntry } from '#common/api/journal.js';
import { JOURNAL_LIST_DEFAULT, type JournalType } from '#common/journalConstants.js';
import type { DailyStructuredData } from '#common/journalText.js';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { JournalEntriesTable } from '../../db/schema.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { jsonArrayText, writtenTextOnce } from '../../http/writtenOnce.js';

/** Types stored as rows; 'daily_morning' and 'daily_evening' are parts of a 'daily' row. */
export type StoredJournalType = 'daily' | 'weekly_planning' | 'note';
export type DailyPart = 'morning' | 'evening';

export type JournalRow = Selectable<JournalEntriesTable>;

/** The journal type under which each part of a daily note is read and written. */
const PART_TYPE = { morning: 'daily_morning', evening: 'daily_evening' } as const;
const partOf = (type: JournalType | undefined): DailyPart | undefined =>
  type === 'daily_morning' ? 'morning' : type === 'daily_evening' ? 'evening' : undefined;

export function parseJson(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The columns an entry is made of. */
const ENTRY_COLUMNS = ['id', 'date', 'journal_type', 'content', 'structured_data', 'created_at', 'updated_at'] as const;
type EntryRow = Pick<JournalRow, (typeof ENTRY_COLUMNS)[number]>;

/** A stored row as the API's entry. */
export function presentEntry(row: EntryRow): JournalEntry {
  return {
    id: row.id,
    date: row.date,
    journal_type: row.journal_type as JournalType,
    content: row.content,
    structured_data: parseJson(row.structured_data),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A daily row seen as one of its parts: that part's structured data under the part's type. */
export function presentPart(row: EntryRow, part: DailyPart): JournalEntry {
  const data = parseJson(row.structured_data) as DailyStructuredData | null;
  return {
    id: row.id,
    date: row.date,
    journal_type: PART_TYPE[part],
    content: row.content,
    structured_data: (data?.[part] as Record<string, unknown> | undefined) ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A row as an entry of the type it was asked for: a daily note's part for the part types. */
function presentAs(row: EntryRow, type: JournalType | undefined): JournalEntry {
  const part = partOf(type);
  return part ? presentPart(row, part) : presentEntry(row);
}

/** Which rows a listed type reads: a part type selects the daily notes having that part. */
type RowsKind = 'all' | 'daily_morning' | 'daily_evening' | 'stored';
const kindOf = (type: JournalType | undefined): RowsKind =>
  !type ? 'all' : type === 'daily_morning' || type === 'daily_evening' ? type : 'stored';

/** The user's rows of a kind (`type` is the stored type of kind 'stored'). */
function rowsOfKind(db: Db, userId: number, kind: RowsKind, type: string) {
  const q = db.selectFrom('journal_entries').select(ENTRY_COLUMNS).where('user_id', '=', userId);
  if (kind === 'daily_morning') return q.where('journal_type', '=', 'daily').where('has_morning', '=', 1);
  if (kind === 'daily_evening') return q.where('journal_type', '=', 'daily').where('has_evening', '=', 1);
  return kind === 'stored' ? q.where('journal_type', '=', type) : q;
}

/** The user's rows of a type (all rows without one); a part type selects the daily notes having it. */
function rowsOfType(db: Db, userId: number, type?: JournalType) {
  return rowsOfKind(db, userId, kindOf(type), type ?? '');
}

/** A page of a kind, compiled once (db/prepared.ts): the journal and notes screens read it. */
const pageOf = (kind: RowsKind) =>
  prepared<{ userId: number; type: string; limit: number; offset: number }, EntryRow>((db, p) =>
    rowsOfKind(db, p.userId, kind, p.type)
      .orderBy('date', 'desc')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(p.limit)
      .offset(p.offset),
  );
const pageQueries: Record<RowsKind, ReturnType<typeof pageOf>> = {
  all: pageOf('all'),
  daily_morning: pageOf('daily_morning'),
  daily_evening: pageOf('daily_evening'),
  stored: pageOf('stored'),
};

/**
 * A page of the user's journal entries, newest date first (then latest change, then id, so pages
 * never overlap). With type 'daily_morning' or 'daily_evening' each daily note that has that
 * part is returned as an entry of that type, holding the part.
 */
export async function listJournalEntries(
  db: Db,
  userId: number,
  opts: { type?: JournalType | undefined; limit?: number; offset?: number } = {},
): Promise<JournalEntry[]> {
  const rows = await pageQueries[kindOf(opts.type)].execute(db, {
    userId,
    type: opts.type ?? '',
    limit: opts.limit ?? JOURNAL_LIST_DEFAULT,
    offset: opts.offset ?? 0,
  });
  return rows.map((r) => presentAs(r, opts.type));
}

/** One entry written by the same compiled serialiser as the list's response (declared fields only). */
const writeEntry = compileResponseSerializer(journalEntry) as (e: JournalEntry) => string;

/**
 * Entries written as JSON once (`writtenTextOnce`), by row and the type they are listed as: the
 * journal and its parts are read page after page unchanged, and parsing each entry's stored
 * structured data and writing it out again was most of a page's work. An entry is written again
 * whenever anything it is written from changes.
 */
const writtenEntries = writtenTextOnce(8 * 1024 * 1024);

/** The same page as `listJournalEntries`, as the response's JSON. */
export async function listJournalEntriesJson(
  db: Db,
  userId: number,
  opts: { type?: JournalType | undefined; limit: number; offset: number },
): Promise<string> {
  const type = opts.type;
  const rows = await pageQueries[kindOf(type)].execute(db, {
    userId,
    type: type ?? '',
    limit: opts.limit,
    offset: opts.offset,
  });
  const listedAs = partOf(type) ?? 'entry';
  return jsonArrayText(
    rows.map(
      (r) =>
        writtenEntries(
          `${r.id}:${listedAs}`,
          [r.date, r.journal_type, r.content, r.structured_data, r.created_at, r.updated_at],
          () => ({ text: writeEntry(presentAs(r, type)), extra: undefined }),
        ).json,
    ),
  );
}

/** The entry of a type on a date (for 'daily_morning'/'daily_evening': that part of the daily note). */
export async function getJournalEntryByDate(
  db: Db,
  userId: number,
  date: string,
  type: JournalType,
): Promise<JournalEntry | undefined> {
  const row = await rowsOfType(db, userId, type).where('date', '=', date).orderBy('id', 'desc').executeTakeFirst();
  return row ? presentAs(row, type) : undefined;
}

/** One part of the daily note of a date, if the note has it. */
export async function getDailyEntry(
  db: Db,
  userId: number,
  date: string,
  part: DailyPart,
): Promise<JournalEntry | undefined> {
  return getJournalEntryByDate(db, userId, date, PART_TYPE[part]);
}

// The daily note screen and every save of a dated entry read it: compiled once (db/prepared.ts).
const rowQuery = prepared<{ userId: number; type: string; date: string }, JournalRow>((db, p) =>
  db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', p.userId)
    .where('journal_type', '=', p.type)
    .where('date', '=', p.date),
);

export function findRow(db: Db, userId: number, type: StoredJournalType, date: string) {
  return rowQuery.executeTakeFirst(db, { userId, type, date });
}

export function findRowById(db: Db, userId: number, id: number) {
  return db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface EntryWrite {
  date: string;
  journal_type: StoredJournalType;
  content: string;
  structured_data: Record<string, unknown> | null;
  has_morning?: boolean;
  has_evening?: boolean;
  now: string;
}

type EntryValues = {
  content: string;
  structured_data: string | null;
  has_morning: number;
  has_evening: number;
  updated_at: string;
};

type EntryInsert = EntryValues & { user_id: number; date: string; journal_type: StoredJournalType; created_at: string };

/**
 * Saving an entry: one statement that inserts it or, for the types kept one per date (the
 * partial unique index `journal_entries_one_per_date_uq`), replaces the text of the one already
 * there, keeping its id and created_at. Two first saves of a date at once cannot both insert.
 * Compiled once (db/prepared.ts); the index's condition is written as the index has it, a
 * literal, so that both databases match the conflict target to the index.
 */
const upsertQuery = prepared<EntryInsert, JournalRow>((db, p) =>
  db
    .insertInto('journal_entries')
    .values({
      user_id: p.user_id,
      date: p.date,
      journal_type: p.journal_type,
      content: p.content,
      structured_data: p.structured_data,
      has_morning: p.has_morning,
      has_evening: p.has_evening,
      created_at: p.created_at,
      updated_at: p.updated_at,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'journal_type', 'date'])
        .where(sql<boolean>`journal_type <> 'note'`)
        .doUpdateSet((eb) => ({
          content: eb.ref('excluded.content'),
          structured_data: eb.ref('excluded.structured_data'),
          has_morning: eb.ref('excluded.has_morning'),
          has_evening: eb.ref('excluded.has_evening'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
    )
    .returningAll(),
);

/**
 * Writes the entry of a type and date (daily notes and weekly plans: one per date, replaced;
 * plain notes: always a new one) and returns the stored row.
 */
export function saveEntry(db: Db, userId: number, e: EntryWrite): Promise<JournalRow> {
  return upsertQuery.executeTakeFirstOrThrow(db, {
    user_id: userId,
    date: e.date,
    journal_type: e.journal_type,
    content: e.content,
    structured_data: e.structured_data ? JSON.stringify(e.structured_data) : null,
    has_morning: e.has_morning ? 1 : 0,
    has_evening: e.has_evening ? 1 : 0,
    created_at: e.now,
    updated_at: e.now,
  });
}

/** The latest daily notes having a part, within [from, to], newest first (weekly reflections). */
export function listDailyWithPart(db: Db, userId: number, part: DailyPart, from: string, to: string, limit: number) {
  return db
    .selectFrom('journal_entries')
    .select(['date', 'structured_data'])
    .where('user_id', '=', userId)
    .where('journal_type', '=', 'daily')
    .where(part === 'morning' ? 'has_morning' : 'has_evening', '=', 1)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
}

/** The latest entry of a stored type dated within [from, to] (both YYYY-MM-DD). */
export function findLatestInRange(db: Db, userId: number, type: StoredJournalType, from: string, to: string) {
  return db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('journal_type', '=', type)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
