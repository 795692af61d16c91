import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * Which calendar event has a transcript: decided here, once, for every screen (the Calendar tab,
 * Quick Transcripts, the event picker, through the events' `transcript_id`), the coaches (the
 * Executive Daily Briefing's "Meetings Without Transcripts") and the MCP tools. The spec's rule
 * (part 1 §3): an event has a transcript when a transcript references its id; the etag is also
 * compared when both carry one.
 */

/** A transcript that references an event: its id, the event's etag it was saved with, when it was saved. */
export interface TranscriptLink {
  id: number;
  etag: string | null;
  created_at: string;
}

/** The links of the user's transcripts, by the event id they reference. */
export type LinksByEvent = ReadonlyMap<string, readonly TranscriptLink[]>;

/** The event's transcript by the rule: the newest (then highest id) of those that match; null when none does. */
export function transcriptOfEvent(event: { id: string; etag: string | null }, links: LinksByEvent): number | null {
  let found: TranscriptLink | null = null;
  for (const t of links.get(event.id) ?? []) {
    if (event.etag && t.etag && t.etag !== event.etag) continue;
    if (!found || t.created_at > found.created_at || (t.created_at === found.created_at && t.id > found.id)) found = t;
  }
  return found ? found.id : null;
}

/**
 * What the links of one event are written from, as one text (the kept answers' inputs, see
 * calendar/eventJson.ts): the same text means the same `transcriptOfEvent` for any etag.
 */
export const linksKey = (links: readonly TranscriptLink[] | undefined) =>
  links ? links.map((t) => `${t.id} ${t.created_at} ${t.etag ?? ''}`).join('\n') : '';

const CHUNK = 500;

/** The links of the user's transcripts that reference any of these event ids (read through the (user, event) index). */
export async function transcriptLinks(db: Db, userId: number, eventIds: readonly string[]): Promise<LinksByEvent> {
  const links = new Map<string, TranscriptLink[]>();
  const ids = [...new Set(eventIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('transcripts')
      .select(['id', 'google_event_id', 'google_event_etag', 'created_at'])
      .where('user_id', '=', userId)
      .where('google_event_id', 'in', ids.slice(i, i + CHUNK))
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = links.get(r.google_event_id as string) ?? [];
      list.push({ id: r.id, etag: r.google_event_etag, created_at: r.created_at });
      links.set(r.google_event_id as string, list);
    }
  }
  return links;
}

/**
 * The meeting a transcript row records, as SQL over the `transcripts` table: the calendar event it
 * references, else (an impromptu meeting) the transcript itself. Counting these distinct counts
 * meetings with transcripts, a meeting written up twice once (the statistics' weekly meetings).
 */
export const meetingOfTranscript = sql<string>`coalesce(google_event_id, 'transcript ' || cast(id as text))`;
