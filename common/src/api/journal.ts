import { z } from 'zod';
import {
  JOURNAL_CONTENT_MAX,
  JOURNAL_LIST_DEFAULT,
  JOURNAL_LIST_MAX,
  JOURNAL_TYPES,
  LIST_OFFSET_MAX,
  NOTE_ENTRY_TYPES,
  NOTES_MAX_PAGE_SIZE,
  NOTES_PAGE_SIZE,
} from '../journalConstants.js';
import { DEFAULT_ENERGY_LEVEL } from '../journalText.js';
import { idParam } from './common.js';
import { isoDate } from './dates.js';

export { isoDate } from './dates.js';

const shortText = z.string().max(20_000);
const items = z.array(z.string().max(2000)).max(200);

export const morningPart = z.object({
  daily_priorities: items.default([]),
  gtd_next_actions: items.default([]),
  waiting_for: items.default([]),
  anticipated_challenges: shortText.default(''),
  perspective_reminder: shortText.default(''),
  energy_level: z.number().int().min(0).max(10).default(DEFAULT_ENERGY_LEVEL),
  personal_goal: shortText.optional(),
});

export const eveningPart = z.object({
  wins: items.default([]),
  frustrations: shortText.default(''),
  values_alignment: shortText.default(''),
  open_loops: items.default([]),
  personal_time: items.default([]),
});

export const dailyStructuredData = z.object({ morning: morningPart.optional(), evening: eveningPart.optional() });

/** Structured data is free-form JSON except for the daily parts, which are checked. */
export const structuredData = z.record(z.string(), z.unknown());

export const journalType = z.enum(JOURNAL_TYPES);

export const journalEntry = z
  .object({
    id: z.number().int(),
    date: z.string(),
    journal_type: journalType,
    content: z.string(),
    structured_data: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'JournalEntry' });
export type JournalEntry = z.infer<typeof journalEntry>;

export const listJournalQuery = z.object({
  type: journalType.optional(),
  limit: z.coerce.number().int().min(1).max(JOURNAL_LIST_MAX).default(JOURNAL_LIST_DEFAULT),
  /** Entries skipped (the next page starts at offset + limit). */
  offset: z.coerce.number().int().min(0).max(LIST_OFFSET_MAX).default(0),
});

export const saveJournalRequest = z.object({
  /** Required; its absence gets the spec's message from the service. */
  date: isoDate.optional(),
  journal_type: journalType,
  content: z.string().max(JOURNAL_CONTENT_MAX).default(''),
  structured_data: structuredData.nullable().optional(),
});
export type SaveJournalRequest = z.input<typeof saveJournalRequest>;

export const journalByDateParams = z.object({ date: isoDate, type: journalType });
export const journalByDateResponse = z.union([
  z.object({ exists: z.literal(true), entry: journalEntry }),
  z.object({ exists: z.literal(false) }),
]);

export const dailyNote = z
  .object({
    date: z.string(),
    exists: z.boolean(),
    content: z.string(),
    structured_data: dailyStructuredData,
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'DailyNote' });
export type DailyNote = z.infer<typeof dailyNote>;

export const dailyNoteParams = z.object({ date: isoDate });
export const saveDailyNoteRequest = z.object({
  content: z.string().max(JOURNAL_CONTENT_MAX),
  /** When absent, the server extracts it from the content. */
  structured_data: dailyStructuredData.optional(),
});
export type SaveDailyNoteRequest = z.input<typeof saveDailyNoteRequest>;

export const noteEntryType = z.enum(NOTE_ENTRY_TYPES);

export const headlinesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTES_MAX_PAGE_SIZE).default(NOTES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(LIST_OFFSET_MAX).default(0),
  type: noteEntryType.optional(),
});

export const noteHeadline = z.object({
  id: z.number().int(),
  type: noteEntryType,
  title: z.string(),
  icon: z.string(),
  date: z.string(),
  /** ISO timestamp of the last change; shown as the local time. */
  time: z.string(),
});
export type NoteHeadline = z.infer<typeof noteHeadline>;

export const headlinesResponse = z.array(z.object({ date: z.string(), entries: z.array(noteHeadline) }));
export type HeadlinesResponse = z.infer<typeof headlinesResponse>;

export const noteContentParams = z.object({ type: noteEntryType, id: idParam() });

export const noteContent = z
  .object({
    id: z.number().int(),
    type: noteEntryType,
    date: z.string(),
    title: z.string(),
    content: z.string(),
    structured_data: z.record(z.string(), z.unknown()).nullable(),
    updated_at: z.string(),
    /** Transcripts only. */
    transcript: z
      .object({ transcript_type: z.string(), context: z.string().nullable(), google_event_id: z.string().nullable() })
      .optional(),
  })
  .meta({ id: 'NoteContent' });
export type NoteContent = z.infer<typeof noteContent>;
