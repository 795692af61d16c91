import type { HeadlinesResponse, NoteContent, NoteHeadline } from '#common/api/journal.js';
import { NOTE_ICONS, NOTES_TEXT, type NoteEntryType } from '#common/journalConstants.js';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { findRowById, parseJson, type StoredJournalType } from '../journal/repo.js';
import { findTranscript, type HeadlineSourceRow, journalHeadlineRows, transcriptHeadlineRows } from './repo.js';

type DailyAs = 'journal' | 'morning' | 'evening';

const DAILY_TITLES: Record<DailyAs, string> = {
  journal: 'Daily Journal',
  morning: 'Morning Preparation',
  evening: 'Evening Shutdown',
};

/** How daily notes are listed for a filter: as their morning or evening part, else as 'journal'. */
const dailyAsOf = (type: NoteEntryType | undefined): DailyAs =>
  type === 'morning' || type === 'evening' ? type : 'journal';

/** The journal rows behind each entry type. */
const JOURNAL_KIND: Record<Exclude<NoteEntryType, 'transcript'>, StoredJournalType> = {
  journal: 'daily',
  morning: 'daily',
  evening: 'daily',
  weekly: 'weekly_planning',
  note: 'note',
};

/**
 * A plain note's title: its first non-empty line, without heading marks. Lines are read only up
 * to that one (the notes list titles up to 200 notes a page).
 */
export function noteTitle(text: string): string {
  for (let start = 0; ; ) {
    const end = text.indexOf('\n', start);
    const line = text
      .slice(start, end < 0 ? text.length : end)
      .replace(/^#+\s*/, '')
      .trim();
    if (line) return line.length > 80 ? `${line.slice(0, 79)}…` : line;
    if (end < 0) return 'Untitled note';
    start = end + 1;
  }
}

function headline(row: HeadlineSourceRow, dailyAs: DailyAs): NoteHeadline {
  let type: NoteEntryType;
  let title: string;
  switch (row.kind) {
    case 'daily':
      type = dailyAs;
      title = DAILY_TITLES[dailyAs];
      break;
    case 'weekly_planning':
      type = 'weekly';
      title = 'Weekly Planning';
      break;
    case 'note':
      type = 'note';
      title = noteTitle(row.text);
      break;
    default:
      type = 'transcript';
      title = row.text || 'Transcript';
  }
  return { id: row.id, type, title, icon: NOTE_ICONS[type], date: row.date, time: row.time };
}

/**
 * Journal entries and transcripts grouped by date, newest first. The page (offset, limit) counts
 * entries, not days. Daily notes are 'journal' entries; filtered by morning or evening, the
 * notes that have that part are listed as such.
 */
export async function listHeadlines(
  db: Db,
  userId: number,
  q: { limit: number; offset: number; type?: NoteEntryType },
): Promise<HeadlinesResponse> {
  const take = q.offset + q.limit;
  const type = q.type;
  const dailyAs = dailyAsOf(type);
  const sources: Array<Promise<HeadlineSourceRow[]>> = [];
  if (type !== 'transcript') {
    const types: StoredJournalType[] = type ? [JOURNAL_KIND[type]] : ['daily', 'weekly_planning', 'note'];
    const part = dailyAs === 'journal' ? undefined : dailyAs;
    sources.push(journalHeadlineRows(db, userId, { types, part }, take));
  }
  if (!type || type === 'transcript') sources.push(transcriptHeadlineRows(db, userId, take));

  const rows = (await Promise.all(sources)).flat();
  // The kind breaks the last tie (a note and a transcript may share date, time and id), so the
  // order is total and pages never overlap.
  rows.sort(
    (a, b) =>
      (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
      (a.time < b.time ? 1 : a.time > b.time ? -1 : 0) ||
      b.id - a.id ||
      (a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0),
  );
  const groups: HeadlinesResponse = [];
  for (const row of rows.slice(q.offset, take)) {
    const last = groups[groups.length - 1];
    const entry = headline(row, dailyAs);
    if (last?.date === row.date) last.entries.push(entry);
    else groups.push({ date: row.date, entries: [entry] });
  }
  return groups;
}

/** The full entry behind a headline; 404 with the spec's text when it is not the user's or is gone. */
export async function getNoteContent(db: Db, userId: number, type: NoteEntryType, id: number): Promise<NoteContent> {
  if (type === 'transcript') {
    const t = await findTranscript(db, userId, id);
    if (!t) throw notFound(NOTES_TEXT.noContent);
    return {
      id: t.id,
      type,
      date: t.date,
      title: t.title,
      content: t.content,
      structured_data: null,
      updated_at: t.created_at,
      transcript: { transcript_type: t.transcript_type, context: t.context, google_event_id: t.google_event_id },
    };
  }
  const row = await findRowById(db, userId, id);
  if (!row || row.journal_type !== JOURNAL_KIND[type]) throw notFound(NOTES_TEXT.noContent);
  const h = headline(
    {
      id: row.id,
      date: row.date,
      kind: row.journal_type as HeadlineSourceRow['kind'],
      text: row.content,
      time: row.updated_at,
    },
    dailyAsOf(type),
  );
  return {
    id: row.id,
    type,
    date: row.date,
    title: h.title,
    content: row.content,
    structured_data: parseJson(row.structured_data),
    updated_at: row.updated_at,
  };
}
