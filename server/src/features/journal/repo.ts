import type { Selectable } from 'kysely';
import type { JournalEntry } from '../../../../common/src/api/journal.js';
import { JOURNAL_LIST_DEFAULT, type JournalType } from '../../../../common/src/journalConstants.js';
import type { DailyStructuredData } from '../../../../common/src/journalText.js';
import type { Db } from '../../db/index.js';
import type { JournalEntriesTable } from '../../db/schema.js';

/** Types stored as rows; 'daily_morning' and 'daily_evening' are parts of a 'daily' row. */
export type StoredJournalType = 'daily' | 'weekly_planning' | 'note';
export type DailyPart = 'morning' | 'evening';

export type JournalRow = Selectable<JournalEntriesTable>;

export function parseJson(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A stored row as the API's entry. */
export function presentEntry(row: JournalRow): JournalEntry {
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
export function presentPart(row: JournalRow, part: DailyPart): JournalEntry {
  const data = parseJson(row.structured_data) as DailyStructuredData | null;
  return {
    ...presentEntry(row),
    journal_type: part === 'morning' ? 'daily_morning' : 'daily_evening',
    structured_data: (data?.[part] as Record<string, unknown> | undefined) ?? null,
  };
}

function rowsOfType(db: Db, userId: number, type: JournalType) {
  let q = db.selectFrom('journal_entries').selectAll().where('user_id', '=', userId);
  if (type === 'daily_morning') q = q.where('journal_type', '=', 'daily').where('has_morning', '=', 1);
  else if (type === 'daily_evening') q = q.where('journal_type', '=', 'daily').where('has_evening', '=', 1);
  else q = q.where('journal_type', '=', type);
  return q;
}

/**
 * The user's journal entries, newest date first. With type 'daily_morning' or 'daily_evening'
 * each daily note that has that part is returned as an entry of that type, holding the part.
 */
export async function listJournalEntries(
  db: Db,
  userId: number,
  opts: { type?: JournalType; limit?: number } = {},
): Promise<JournalEntry[]> {
  const limit = opts.limit ?? JOURNAL_LIST_DEFAULT;
  const q = opts.type
    ? rowsOfType(db, userId, opts.type)
    : db.selectFrom('journal_entries').selectAll().where('user_id', '=', userId);
  const rows = await q
    .orderBy('date', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (opts.type === 'daily_morning') return rows.map((r) => presentPart(r, 'morning'));
  if (opts.type === 'daily_evening') return rows.map((r) => presentPart(r, 'evening'));
  return rows.map(presentEntry);
}

/** The entry of a type on a date (for 'daily_morning'/'daily_evening': that part of the daily note). */
export async function getJournalEntryByDate(
  db: Db,
  userId: number,
  date: string,
  type: JournalType,
): Promise<JournalEntry | undefined> {
  const row = await rowsOfType(db, userId, type).where('date', '=', date).orderBy('id', 'desc').executeTakeFirst();
  if (!row) return undefined;
  if (type === 'daily_morning') return presentPart(row, 'morning');
  if (type === 'daily_evening') return presentPart(row, 'evening');
  return presentEntry(row);
}

/** One part of the daily note of a date, if the note has it. */
export async function getDailyEntry(
  db: Db,
  userId: number,
  date: string,
  part: DailyPart,
): Promise<JournalEntry | undefined> {
  return getJournalEntryByDate(db, userId, date, part === 'morning' ? 'daily_morning' : 'daily_evening');
}

export function findRow(db: Db, userId: number, type: StoredJournalType, date: string) {
  return db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('journal_type', '=', type)
    .where('date', '=', date)
    .executeTakeFirst();
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

/**
 * Writes the entry of a type and date (daily notes and weekly plans: one per date, replaced;
 * plain notes: always a new one) and returns the stored row.
 */
export async function saveEntry(db: Db, userId: number, e: EntryWrite): Promise<JournalRow> {
  const values = {
    content: e.content,
    structured_data: e.structured_data ? JSON.stringify(e.structured_data) : null,
    has_morning: e.has_morning ? 1 : 0,
    has_evening: e.has_evening ? 1 : 0,
    updated_at: e.now,
  };
  return db.transaction().execute(async (trx) => {
    const existing = e.journal_type === 'note' ? undefined : await findRow(trx, userId, e.journal_type, e.date);
    if (existing) {
      await trx.updateTable('journal_entries').set(values).where('id', '=', existing.id).execute();
      return { ...existing, ...values };
    }
    return trx
      .insertInto('journal_entries')
      .values({ ...values, user_id: userId, date: e.date, journal_type: e.journal_type, created_at: e.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
