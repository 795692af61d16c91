import type { z } from 'zod';
import {
  type DailyNote,
  dailyNote,
  dailyStructuredData,
  eveningPart,
  type JournalEntry,
  morningPart,
  type SaveJournalRequest,
} from '#common/api/journal.js';
import { NOTES_TEXT, WEEKLY_DEFAULT_CONTENT } from '#common/journalConstants.js';
import {
  type DailyStructuredData,
  EVENING_HEADING,
  type EveningPart,
  MORNING_HEADING,
  type MorningPart,
  parseDailyNote,
  renderPart,
  replaceSection,
} from '#common/journalText.js';
import { DEFAULT_TIME_ZONE } from '#common/time.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { lockForUser } from '../../db/userLock.js';
import { badRequest } from '../../http/errors.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { writtenOnce } from '../../http/writtenOnce.js';
import { assertWeekEditable } from '../weekly/rules.js';
import * as repo from './repo.js';

function dailyOf(row: repo.JournalRow | undefined, date: string): DailyNote {
  if (!row) return { date, exists: false, content: '', structured_data: {}, updated_at: null };
  const parsed = dailyStructuredData.safeParse(repo.parseJson(row.structured_data) ?? {});
  return {
    date,
    exists: true,
    content: row.content,
    structured_data: parsed.success ? parsed.data : {},
    updated_at: row.updated_at,
  };
}

export async function getDailyNote(db: Db, userId: number, date: string): Promise<DailyNote> {
  return dailyOf(await repo.findRow(db, userId, 'daily', date), date);
}

/** A daily note written by the same compiled serialiser as the route's response. */
const writeDaily = compileResponseSerializer(dailyNote) as (n: DailyNote) => string;

/**
 * Daily notes written as JSON once (`writtenOnce`), by row: the daily note screen reads the same
 * note again and again, and parsing and checking its stored parts each time was most of the
 * read's work. A note is written again whenever anything it is written from changes.
 */
const writtenNotes = writtenOnce(4 * 1024 * 1024);

/** The same answer as `getDailyNote`, as the response's JSON. */
export async function getDailyNoteJson(db: Db, userId: number, date: string): Promise<string | Buffer> {
  const row = await repo.findRow(db, userId, 'daily', date);
  if (!row) return writeDaily(dailyOf(undefined, date));
  return writtenNotes(String(row.id), [row.date, row.content, row.structured_data, row.updated_at], () => ({
    text: writeDaily(dailyOf(row, row.date)),
    extra: undefined,
  })).json;
}

/** The write behind saveDailyNote; returns the stored row so that callers need not read it again. */
async function writeDailyNote(
  db: Db,
  userId: number,
  date: string,
  content: string,
  structured?: DailyStructuredData,
): Promise<repo.JournalRow> {
  // An empty object counts as not given, so API clients may send the text alone.
  const data = structured && Object.keys(structured).length > 0 ? structured : parseDailyNote(content);
  return repo.saveEntry(db, userId, {
    date,
    journal_type: 'daily',
    content,
    structured_data: data as Record<string, unknown>,
    has_morning: Boolean(data.morning),
    has_evening: Boolean(data.evening),
    now: nowIso(),
  });
}

/** Stores the note's text and its structured parts (extracted from the text when not given). */
export async function saveDailyNote(
  db: Db,
  userId: number,
  date: string,
  content: string,
  structured?: DailyStructuredData,
): Promise<DailyNote> {
  return dailyOf(await writeDailyNote(db, userId, date, content, structured), date);
}

/** Client-sent structured data checked against its schema; 400 with the first problem. */
function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid structured_data');
  return result.data;
}

/**
 * Saves one part of the daily note: the part replaces its section of the note's text and its
 * structured data, and the rest of the note is kept.
 */
async function saveDailyPart(
  db: Db,
  userId: number,
  date: string,
  part: repo.DailyPart,
  content: string,
  structured: Record<string, unknown> | null | undefined,
): Promise<JournalEntry> {
  const heading = part === 'morning' ? MORNING_HEADING : EVENING_HEADING;
  let value: MorningPart | EveningPart;
  if (structured) value = checked(part === 'morning' ? morningPart : eveningPart, structured);
  else {
    const fromText = parseDailyNote(content)[part];
    if (!fromText) throw badRequest(`No ${heading} found`);
    value = fromText;
  }
  // Read and written under the user's lock: two parts saved at once each keep the other's.
  return db.transaction().execute(async (trx) => {
    await lockForUser(trx, 'dailyNote', userId);
    const current = await getDailyNote(trx, userId, date);
    const data: DailyStructuredData = { ...current.structured_data, [part]: value };
    const text = replaceSection(current.content, heading, renderPart(part, value));
    return repo.presentPart(await writeDailyNote(trx, userId, date, text, data), part);
  });
}

/**
 * Saves an entry of any type. A weekly plan is stored under its week's Monday and, like every
 * save of a plan, refused once that week has ended in the user's zone.
 */
export async function saveJournalEntry(
  db: Db,
  userId: number,
  body: SaveJournalRequest,
  zone: string = DEFAULT_TIME_ZONE,
): Promise<JournalEntry> {
  const type = body.journal_type;
  if (!body.date)
    throw badRequest(type === 'weekly_planning' ? NOTES_TEXT.weeklyDateRequired : NOTES_TEXT.dateRequired);
  const content = body.content ?? '';
  const structured = body.structured_data ?? null;
  switch (type) {
    case 'daily_morning':
      return saveDailyPart(db, userId, body.date, 'morning', content, structured);
    case 'daily_evening':
      return saveDailyPart(db, userId, body.date, 'evening', content, structured);
    case 'daily': {
      const data = structured ? checked(dailyStructuredData, structured) : undefined;
      return repo.presentEntry(await writeDailyNote(db, userId, body.date, content, data));
    }
    default: {
      const date = type === 'weekly_planning' ? assertWeekEditable(body.date, zone) : body.date;
      const row = await repo.saveEntry(db, userId, {
        date,
        journal_type: type,
        content: type === 'weekly_planning' && !content.trim() ? WEEKLY_DEFAULT_CONTENT : content,
        structured_data: structured,
        now: nowIso(),
      });
      return repo.presentEntry(row);
    }
  }
}
