import { TRANSCRIPT_PAGE_MAX } from '#common/api/transcripts.js';
import type { BenchScenario } from '../types.js';

const TRANSCRIPTS = 5000;
const dayIso = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const LAST_DAY = dayIso(Math.floor(TRANSCRIPTS / 3));

/** A two-hour meeting is about 150 KB of text; the create route is measured with one that size. */
const TWO_HOURS = 'Alice: we went through the roadmap item by item and agreed on the next steps. '.repeat(1950);

/** Five thousand transcripts, about three a day, each tied to a calendar event. */
export const transcriptsScenario: BenchScenario = {
  name: 'transcripts',
  async seed({ db, userId }) {
    const rows = Array.from({ length: TRANSCRIPTS }, (_, i) => ({
      user_id: userId,
      date: dayIso(Math.floor(i / 3)),
      title: `Meeting ${i}`,
      content: 'Bob: Action: send the notes. '.repeat(200),
      context: i % 2 ? 'Weekly sync' : null,
      transcript_type: i % 4 ? 'scheduled' : 'impromptu',
      google_event_id: i % 4 ? `event-${i}` : null,
      google_event_etag: i % 4 ? `"${i}"` : null,
      google_recurring_event_id: null,
      event_start: i % 4 ? `${dayIso(Math.floor(i / 3))}T10:00:00.000Z` : null,
      created_at: `${dayIso(Math.floor(i / 3))}T15:00:00.000Z`,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('transcripts')
        .values(rows.slice(i, i + 500))
        .execute();
  },
  routes: [
    { label: 'GET /api/transcripts (first page)', path: '/api/transcripts' },
    {
      label: `GET /api/transcripts?limit=${TRANSCRIPT_PAGE_MAX} (largest page)`,
      path: `/api/transcripts?limit=${TRANSCRIPT_PAGE_MAX}`,
    },
    {
      label: `GET /api/transcripts/summaries?limit=${TRANSCRIPT_PAGE_MAX} (largest page, last)`,
      path: `/api/transcripts/summaries?limit=${TRANSCRIPT_PAGE_MAX}&offset=${TRANSCRIPTS - TRANSCRIPT_PAGE_MAX}`,
    },
    { label: 'GET /api/transcripts/date/{date}', path: `/api/transcripts/date/${LAST_DAY}` },
    {
      label: 'GET /api/transcripts/range (7 back, 14 ahead)',
      path: `/api/transcripts/range/${dayIso(Math.floor(TRANSCRIPTS / 3) - 7)}/${dayIso(Math.floor(TRANSCRIPTS / 3) + 14)}`,
    },
    {
      label: 'POST /api/transcripts (150 KB)',
      method: 'POST',
      path: '/api/transcripts',
      body: { title: 'Two-hour workshop', date: LAST_DAY, content: TWO_HOURS },
    },
  ],
};
