import { z } from 'zod';
import { TODO_MAX_LENGTH } from '../journalConstants.js';
import { isValidDate } from '../time.js';
import { BULK_DELETE_MAX, type BulkDeleteResponse, bulkDeleteResponse, idField, idParam } from './common.js';
import { todo } from './todos.js';

/** The spec's texts for transcripts, written once for the server, the screens and the tests. */
export const TRANSCRIPT_TEXT = {
  titleRequired: 'Title is required',
  contentRequired: 'Transcript content is required',
  dateRequired: 'Date is required',
  dateFormat: 'Date must be YYYY-MM-DD',
  notFound: 'Transcript not found',
  fillAll: 'Please fill in all required fields.',
  saveFailed: 'Failed to save transcript. Please try again.',
  loadFailed: 'Failed to load transcripts. Please try again.',
  deleteFailed: 'Failed to delete transcript. Please try again.',
  fetchFailed: 'Failed to fetch transcripts',
  deleteFailedShort: 'Failed to delete transcript',
  emptyForDate: 'No transcripts found for this date. Add a new transcript to get started!',
  loading: 'Loading transcripts...',
  allHaveTranscripts: "All today's events have transcripts! 🎉",
  addForMeeting: 'Add transcript for this meeting',
  defaultTitle: 'Meeting Transcript',
  noEvents: 'No events found for the selected time period.',
  confirmDelete: 'This action cannot be undone',
  confirmDeleteOne: 'Are you sure you want to delete this transcript?',
} as const;

/** Limits: a two-hour meeting is about 150 KB of text; a whole working day fits well under these. */
export const TRANSCRIPT_MAX_CHARS = 1_000_000;
export const TRANSCRIPT_TITLE_MAX = 500;
export const TRANSCRIPT_CONTEXT_MAX = 20_000;
/** Body limit of the routes that carry a whole transcript (create, update, import): UTF-8 may take 4 bytes a character. */
export const TRANSCRIPT_BODY_LIMIT = 5 * 1024 * 1024;
/** Characters shown in a transcript card's preview. */
export const TRANSCRIPT_PREVIEW_CHARS = 150;

export const TRANSCRIPT_TYPES = ['scheduled', 'impromptu'] as const;
export const transcriptType = z.enum(TRANSCRIPT_TYPES);
export type TranscriptType = z.infer<typeof transcriptType>;

export const transcript = z
  .object({
    id: z.number().int(),
    date: z.string(),
    title: z.string(),
    content: z.string(),
    context: z.string().nullable(),
    transcript_type: transcriptType,
    google_event_id: z.string().nullable(),
    google_event_etag: z.string().nullable(),
    google_recurring_event_id: z.string().nullable(),
    /** When the meeting began (the event's start), for scheduled transcripts. */
    event_start: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Transcript' });
export type Transcript = z.infer<typeof transcript>;
export const transcriptsResponse = z.array(transcript);

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);
const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/**
 * A transcript as sent by the forms. Key order is the validation order of the spec
 * (title, content, date): the first failing field's message is the one returned.
 */
export const transcriptBody = z.object({
  title: required(
    TRANSCRIPT_TEXT.titleRequired,
    TRANSCRIPT_TITLE_MAX,
    `Title must be at most ${TRANSCRIPT_TITLE_MAX} characters`,
  ),
  content: required(
    TRANSCRIPT_TEXT.contentRequired,
    TRANSCRIPT_MAX_CHARS,
    `A transcript can be at most ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-US')} characters`,
  ),
  date: z
    .string({ error: TRANSCRIPT_TEXT.dateRequired })
    .trim()
    .min(1, TRANSCRIPT_TEXT.dateRequired)
    .max(10, TRANSCRIPT_TEXT.dateFormat)
    .refine(isValidDate, { message: TRANSCRIPT_TEXT.dateFormat }),
  context: optionalText(TRANSCRIPT_CONTEXT_MAX, 'Context'),
  transcript_type: transcriptType.default('impromptu'),
  google_event_id: optionalText(1024, 'google_event_id'),
  google_event_etag: optionalText(1024, 'google_event_etag'),
  google_recurring_event_id: optionalText(1024, 'google_recurring_event_id'),
  event_start: optionalText(40, 'event_start').refine((v) => v === null || !Number.isNaN(Date.parse(v)), {
    message: 'event_start must be a date or date-time',
  }),
});
export type TranscriptBody = z.input<typeof transcriptBody>;

export const transcriptIdParams = z.object({ id: idParam() });
const day = z.string().max(10, TRANSCRIPT_TEXT.dateFormat).refine(isValidDate, { message: TRANSCRIPT_TEXT.dateFormat });
export const transcriptDateParams = z.object({ date: day });
export const transcriptRangeParams = z
  .object({ startDate: day, endDate: day })
  .refine((p) => p.startDate <= p.endDate, { message: 'startDate must not be after endDate' });

export const TRANSCRIPT_PAGE_DEFAULT = 100;
/**
 * The largest page: 200 summaries answer within 25 ms at the 99th percentile with ten readers
 * on a two-core server holding five years of meetings; 1,000 took 150–290 ms (bench/README.md).
 */
export const TRANSCRIPT_PAGE_MAX = 200;
export const listTranscriptsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TRANSCRIPT_PAGE_MAX).default(TRANSCRIPT_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * A day's or a range of days' transcripts, a page at a time. The default is the largest page, so
 * that the days a screen shows usually come in one request; a full page means there may be more.
 */
export const transcriptDaysQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TRANSCRIPT_PAGE_MAX).default(TRANSCRIPT_PAGE_MAX),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * A transcript without its text, for lists (a two-hour meeting is 150 KB): its length and the
 * card preview's opening instead. The text itself comes from GET /api/transcripts/{id}.
 */
export const transcriptSummary = transcript
  .omit({ content: true })
  .extend({
    /** The text's length in characters (Unicode code points). */
    characters: z.number().int(),
    /** The text's first TRANSCRIPT_PREVIEW_CHARS characters. */
    excerpt: z.string(),
  })
  .meta({ id: 'TranscriptSummary' });
export type TranscriptSummary = z.infer<typeof transcriptSummary>;
export const transcriptSummariesResponse = z.array(transcriptSummary);
/** One page, newest first, and how many the user has in all. */
export const transcriptSummaryPage = z.object({ items: transcriptSummariesResponse, total: z.number().int() });
export type TranscriptSummaryPage = z.infer<typeof transcriptSummaryPage>;

export const bulkDeleteTranscriptsRequest = z.object({
  ids: z
    .array(idField('ids'))
    .min(1, 'Choose at least one transcript')
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} items at once`),
});
export { type BulkDeleteResponse, bulkDeleteResponse };

/** The largest file the import reads: three bytes for each character a transcript may hold. */
export const TRANSCRIPT_IMPORT_MAX_BYTES = TRANSCRIPT_MAX_CHARS * 3;
export const TRANSCRIPT_IMPORT_TOO_LARGE = 'The file is too large';
export const TRANSCRIPT_IMPORT_FORMATS = ['vtt', 'srt', 'txt', 'docx'] as const;
export const TRANSCRIPT_IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;

/**
 * A file to turn into transcript content (nothing is saved): its name and either its text (as
 * API clients have always sent it) or its bytes in base64, which the server decodes itself
 * (byte-order mark, else UTF-8, else Windows-1252); a .docx can only be sent as bytes.
 */
export const importTranscriptRequest = z
  .object({
    filename: z.string().trim().min(1, 'File name is required').max(255),
    text: z
      .string()
      .max(TRANSCRIPT_IMPORT_MAX_BYTES, TRANSCRIPT_IMPORT_TOO_LARGE)
      .optional()
      .describe('The file’s text, already decoded (.vtt, .srt, .txt)'),
    base64: z
      .string()
      .max(Math.ceil(TRANSCRIPT_IMPORT_MAX_BYTES / 3) * 4, TRANSCRIPT_IMPORT_TOO_LARGE)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 must be the file’s bytes in base64')
      .optional()
      .describe(
        `The file’s bytes in base64 (.vtt, .srt, .txt in any encoding, .docx), at most ${TRANSCRIPT_IMPORT_MAX_BYTES.toLocaleString('en-US')} bytes`,
      ),
  })
  .refine((b) => (b.text === undefined) !== (b.base64 === undefined), {
    message: 'Send the file as text or as base64, one of the two',
  });
export type ImportTranscriptRequest = z.infer<typeof importTranscriptRequest>;

export const importTranscriptResponse = z.object({
  format: z.enum(TRANSCRIPT_IMPORT_FORMATS),
  content: z.string().describe('Paragraphs “[start time] Speaker: words”, a blank line between them'),
  cues: z.number().int().describe('Captions read (0 for .txt and .docx)'),
  speakers: z.array(z.string()).describe('The speakers named, each once, in the order they first speak'),
  encoding: z
    .enum(TRANSCRIPT_IMPORT_ENCODINGS)
    .optional()
    .describe('How the bytes of a text file sent as base64 were read'),
});
export type ImportTranscriptResponse = z.infer<typeof importTranscriptResponse>;

/** A proposed action item: its text and the transcript line it was taken from. */
export const actionItem = z.object({ text: z.string(), source: z.string() });
export type ActionItem = z.infer<typeof actionItem>;
export const actionItemsResponse = z.object({
  items: z.array(actionItem),
  /** 'rules' for the offline extractor, else the AI provider's name. */
  method: z.string(),
  /** Set when the AI provider failed and the offline rules answered instead. */
  notice: z.string().optional(),
});
export type ActionItemsResponse = z.infer<typeof actionItemsResponse>;

/** The items the user ticked; only these become todos. */
export const confirmActionItemsRequest = z.object({
  items: z
    .array(z.string().trim().min(1, 'An action item cannot be empty').max(TODO_MAX_LENGTH))
    .min(1, 'Tick at least one action item')
    .max(100),
});
export const confirmActionItemsResponse = z.object({ todos: z.array(todo) });
