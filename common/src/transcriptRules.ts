import { TRANSCRIPT_PREVIEW_CHARS, TRANSCRIPT_TEXT } from './api/transcripts.js';
import { addDays, monthStartOf, sundayOf } from './time.js';

/**
 * The transcript rules the screens and the server share (part 1 §3, §4, §9): the card preview,
 * merging loaded windows, and the form prefilled from an event. Which event has a transcript is
 * decided on the server (server/src/features/transcripts/eventLinks.ts) and sent with the events.
 */

export interface EventRef {
  id: string;
  etag?: string | null;
}
/** A card's preview: the first 150 characters, with '...' when the content is longer. */
export const previewOf = (content: string) =>
  content.length > TRANSCRIPT_PREVIEW_CHARS ? `${content.slice(0, TRANSCRIPT_PREVIEW_CHARS)}...` : content;

/** The same preview from a listed transcript, which carries the text's opening and length instead of the text. */
export const summaryPreview = (s: { excerpt: string; characters: number }) =>
  s.characters > TRANSCRIPT_PREVIEW_CHARS ? `${s.excerpt}...` : s.excerpt;

/** Transcripts loaded for a new window merged into those already held: one per id, the newer copy wins. */
export function mergeById<T extends { id: number }>(held: readonly T[], loaded: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const t of held) byId.set(t.id, t);
  for (const t of loaded) byId.set(t.id, t);
  return [...byId.values()];
}

/** The first transcript window the calendar loads: 7 days back to 14 days ahead. */
export const initialTranscriptWindow = (today: string) => ({ start: addDays(today, -7), end: addDays(today, 14) });

/** The calendar modal's ranges: today, this week from Sunday, this month (end inclusive). */
export type EventRange = 'today' | 'week' | 'month';
export function eventRange(range: EventRange, today: string): { start: string; end: string } {
  if (range === 'today') return { start: today, end: today };
  if (range === 'week') {
    const start = sundayOf(today);
    return { start, end: addDays(start, 6) };
  }
  const start = monthStartOf(today);
  const next = monthStartOf(addDays(start, 31));
  return { start, end: addDays(next, -1) };
}

export interface EventForForm extends EventRef {
  recurringEventId?: string | null;
  summary?: string | null;
  description?: string | null;
  start: { date?: string; dateTime?: string };
}

/** The form's values for a transcript of an event (§3): title, context, date and type from the event. */
export function prefillFromEvent(e: EventForForm) {
  const date = (e.start.date ?? e.start.dateTime ?? '').slice(0, 10);
  return {
    title: e.summary?.trim() || TRANSCRIPT_TEXT.defaultTitle,
    context: e.description ?? '',
    date,
    transcript_type: 'scheduled' as const,
    google_event_id: e.id,
    google_event_etag: e.etag ?? null,
    google_recurring_event_id: e.recurringEventId ?? null,
    event_start: e.start.dateTime ?? e.start.date ?? null,
  };
}

/** The spec's save checks, in its order (title, content, date); the server applies the same. */
export function draftProblem(d: { title: string; content: string; date: string }): string | null {
  if (!d.title.trim()) return TRANSCRIPT_TEXT.titleRequired;
  if (!d.content.trim()) return TRANSCRIPT_TEXT.contentRequired;
  if (!d.date.trim()) return TRANSCRIPT_TEXT.dateRequired;
  return null;
}
