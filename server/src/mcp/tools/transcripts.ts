import { idField } from '#common/api/common.js';
import {
  TRANSCRIPT_MAX_CHARS,
  TRANSCRIPT_PAGE_DEFAULT,
  TRANSCRIPT_PAGE_MAX,
  TRANSCRIPT_TITLE_MAX,
  type Transcript,
  type TranscriptSummary,
  transcriptBody,
} from '#common/api/transcripts.js';
import { addDays, daysBetween } from '#common/time.js';
import { prefillFromEvent } from '#common/transcriptRules.js';
import { calendarAccess } from '../../features/calendar/expiry.js';
import { eventsInRange } from '../../features/calendar/service.js';
import { listSummariesBetween, summaryOf } from '../../features/transcripts/repo.js';
import * as transcripts from '../../features/transcripts/service.js';
import { HttpError } from '../../http/errors.js';
import { defineTool, optionalDate, type ToolDef, z } from './define.js';

const RANGE_MAX_DAYS = 366;
/** A transcript's text is returned in parts of this size: a two-hour meeting is about 150,000 characters. */
const PART_CHARS = 50_000;

const summary = z.object({
  id: z.number().int(),
  date: z.string(),
  title: z.string(),
  transcript_type: z.enum(['scheduled', 'impromptu']),
  event_id: z.string().nullable(),
  event_start: z.string().nullable(),
  characters: z.number().int(),
  preview: z.string(),
});
type Summary = z.infer<typeof summary>;

const summariseListed = (t: TranscriptSummary): Summary => ({
  id: t.id,
  date: t.date,
  title: t.title,
  transcript_type: t.transcript_type,
  event_id: t.google_event_id,
  event_start: t.event_start,
  characters: t.characters,
  preview: t.excerpt,
});
const summarise = (t: Transcript): Summary => summariseListed(summaryOf(t));
const line = (s: Summary) => `- ${s.date} ${s.title} (${s.transcript_type}, ${s.characters} characters, id ${s.id})`;

export const transcriptTools: ToolDef[] = [
  defineTool({
    name: 'transcripts_list',
    title: 'List meeting transcripts',
    description:
      "Lists the user's meeting transcripts dated from start_date through end_date (the meeting's day in the user's time zone), oldest day first: title, type (scheduled = attached to a calendar event, impromptu), length and a short preview. Default: the last 30 days. A page at a time (`limit` from `offset`; next_offset is null on the last page). Read one in full with transcript_get; find words in them with search.",
    input: {
      start_date: optionalDate('First day; 30 days before end_date'),
      end_date: optionalDate('Last day (inclusive)'),
      limit: z.number().int().min(1).max(TRANSCRIPT_PAGE_MAX).default(TRANSCRIPT_PAGE_DEFAULT),
      offset: z.number().int().min(0).max(1_000_000).default(0).describe('Transcripts to skip'),
    },
    output: {
      start_date: z.string(),
      end_date: z.string(),
      transcripts: z.array(summary),
      next_offset: z.number().int().nullable().describe('null on the last page'),
    },
    write: false,
    async run(t, { start_date, end_date, limit, offset }) {
      const to = end_date ?? t.today();
      const from = start_date ?? addDays(to, -30);
      if (to < from) throw new HttpError(400, 'end_date must not be before start_date');
      if (daysBetween(from, to) >= RANGE_MAX_DAYS)
        throw new HttpError(400, `The range may span at most ${RANGE_MAX_DAYS} days`);
      // One more than the page, to tell whether another follows.
      const rows = await listSummariesBetween(t.ctx.db, t.user.id, from, to, { limit: limit + 1, offset });
      const list = rows.slice(0, limit).map(summariseListed);
      const next = rows.length > limit ? offset + limit : null;
      const lines = list.map(line).join('\n');
      return {
        data: { start_date: from, end_date: to, transcripts: list, next_offset: next },
        text: list.length
          ? `${lines}${next === null ? '' : `\n\n[more: offset ${next}]`}`
          : `No transcripts from ${from} to ${to}${offset ? ` after the first ${offset}` : ''}.`,
      };
    },
  }),
  defineTool({
    name: 'transcript_get',
    title: 'Read a meeting transcript',
    description: `Reads one transcript (id from transcripts_list, today or search): its title, date, context and text. Long texts come in parts of ${PART_CHARS.toLocaleString('en-US')} characters: pass the returned next_offset as offset to read on.`,
    input: {
      id: idField(),
      offset: z.number().int().min(0).default(0).describe('Where in the text to start'),
    },
    output: {
      transcript: summary,
      context: z.string().nullable(),
      text: z.string(),
      offset: z.number().int(),
      next_offset: z.number().int().nullable().describe('null when the text is complete'),
    },
    write: false,
    async run(t, { id, offset }) {
      const tr = await transcripts.get(t.ctx.db, t.user.id, id);
      const text = tr.content.slice(offset, offset + PART_CHARS);
      const end = offset + text.length;
      const next = end < tr.content.length ? end : null;
      return {
        data: { transcript: summarise(tr), context: tr.context, text, offset, next_offset: next },
        text: `${tr.title} (${tr.date})${tr.context ? `\nContext: ${tr.context}` : ''}\n\n${text}${next === null ? '' : `\n\n[continues: offset ${next}]`}`,
      };
    },
  }),
  defineTool({
    name: 'transcript_create',
    title: 'Save a meeting transcript',
    description:
      "Saves a meeting transcript. With event_id (from calendar_events or today) it is attached to that calendar event: the title, date and context default to the event's. Without it, it is an impromptu meeting dated `date` (today by default) and needs a title.",
    input: {
      content: z.string().min(1).max(TRANSCRIPT_MAX_CHARS).describe('The transcript text'),
      title: z.string().max(TRANSCRIPT_TITLE_MAX).optional(),
      date: optionalDate("The meeting's day"),
      event_id: z.string().max(1024).optional().describe('The calendar event the meeting was'),
      event_date: optionalDate('The day the event is on, when it is not today').optional(),
      context: z.string().max(20_000).optional().describe('Notes about the meeting: purpose, people'),
    },
    output: { transcript: summary },
    write: true,
    async run(t, { content, title, date, event_id, event_date, context }) {
      let body: Record<string, unknown> = { title, content, date: date ?? t.today(), context };
      if (event_id) {
        const day = event_date ?? date ?? t.today();
        const events = await eventsInRange(t.ctx, t.user.id, {
          fromDate: addDays(day, -1),
          toDate: addDays(day, 1),
          maxResults: 1000,
          zone: t.zone,
        });
        const event = events.find((e) => e.id === event_id);
        if (!event) {
          // An event of an expired connection is not read: say why it may be missing.
          const { notices } = await calendarAccess(t.ctx.db, t.user.id);
          throw new HttpError(404, [`No calendar event ${event_id} around ${day}.`, ...notices].join(' '));
        }
        const pre = prefillFromEvent(event);
        body = { ...pre, content, title: title?.trim() || pre.title, context: context ?? pre.context };
      }
      const parsed = transcriptBody.safeParse(body);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid transcript');
      const saved = summarise(await transcripts.create(t.ctx.db, t.user.id, parsed.data));
      return { data: { transcript: saved }, text: `Saved transcript:\n${line(saved)}` };
    },
  }),
];
