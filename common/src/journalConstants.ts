/** Spec constants and texts of the journal, notes and todos. */
export const NOTES_PAGE_SIZE = 50;
export const NOTES_MAX_PAGE_SIZE = 200;
/**
 * The journal list's largest page: 200 entries with their texts answer within 25 ms at the
 * 99th percentile with ten readers on a two-core server; 500 took 54–64 ms (bench/README.md).
 */
export const JOURNAL_LIST_MAX = 200;
export const JOURNAL_LIST_DEFAULT = 50;
/** The furthest a notes or journal page may start (five years of heavy use is about 20,000 entries). */
export const LIST_OFFSET_MAX = 1_000_000;
export const WEEKLY_DEFAULT_CONTENT = 'Weekly planning entry';
export const DAILY_AUTOSAVE_MS = 2000;
export const COPIED_CONFIRMATION_MS = 2000;
export const COMPLETED_TODO_VISIBLE_MS = 24 * 60 * 60 * 1000;
export const TODO_MAX_LENGTH = 1000;
export const JOURNAL_CONTENT_MAX = 200_000;

/**
 * 'daily' is the whole daily note; 'daily_morning' and 'daily_evening' are its two parts, read
 * and written as entries of their own.
 */
export const JOURNAL_TYPES = ['daily', 'daily_morning', 'daily_evening', 'weekly_planning', 'note'] as const;
export type JournalType = (typeof JOURNAL_TYPES)[number];

/** Kinds of entries in the notes list. */
export const NOTE_ENTRY_TYPES = ['note', 'morning', 'evening', 'weekly', 'transcript', 'journal'] as const;
export type NoteEntryType = (typeof NOTE_ENTRY_TYPES)[number];

/** Icon names of the entry types (the web app draws them). */
export const NOTE_ICONS: Record<NoteEntryType, string> = {
  note: 'note',
  morning: 'sunrise',
  evening: 'moon',
  weekly: 'calendar',
  transcript: 'microphone',
  journal: 'book',
};

export const NOTES_TEXT = {
  loadFailed: 'Failed to load entries. Please try again later.',
  loadFailedMobile: 'Failed to load entries. Please try again.',
  empty: 'No entries found.',
  noContent: 'No content found for this entry. It may have been deleted or is missing from the database.',
  loadEntryFailed: (msg: string) => `Failed to load entry: ${msg}`,
  saving: 'Saving...',
  saved: 'Saved',
  saveFailed: 'Failed to save',
  copied: 'Copied!',
  copy: 'Copy Transcript',
  dateRequired: 'Date is required',
  weeklyDateRequired: 'Date is required for weekly planning',
} as const;

export const TODO_TEXT = {
  contentRequired: 'Todo content is required',
  notFound: 'Todo not found',
} as const;
