import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATIONS_PAGE_MAX, type Conversation } from '#common/api/coach.js';
import { TRANSCRIPT_PAGE_MAX, type TranscriptSummary } from '#common/api/transcripts.js';
import { fetchAssistantChats, fetchRange } from './api';

// Runs in Node: the browser globals the client touches are stubbed.
let fetchMock: ReturnType<typeof vi.fn>;
const reply = (body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

const summary = (id: number): TranscriptSummary => ({
  id,
  date: '2026-03-10',
  title: `Meeting ${id}`,
  context: null,
  transcript_type: 'impromptu',
  google_event_id: null,
  google_event_etag: null,
  google_recurring_event_id: null,
  event_start: null,
  created_at: '2026-03-10T09:00:00.000Z',
  characters: 12,
  excerpt: 'We met today',
});
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => summary(from + i));

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('window', { location: { pathname: '/transcripts', search: '', origin: 'https://d.example' } });
});
afterEach(() => vi.unstubAllGlobals());

describe("a range of days' transcripts", () => {
  it('is read a largest page at a time until a page falls short', async () => {
    reply(ids(1, TRANSCRIPT_PAGE_MAX));
    reply(ids(1 + TRANSCRIPT_PAGE_MAX, 3));
    const all = await fetchRange('2026-03-01', '2026-03-31');
    expect(all.map((t) => t.id)).toEqual(ids(1, TRANSCRIPT_PAGE_MAX + 3).map((t) => t.id));
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls).toEqual([
      `/api/transcripts/range/2026-03-01/2026-03-31?limit=${TRANSCRIPT_PAGE_MAX}&offset=0`,
      `/api/transcripts/range/2026-03-01/2026-03-31?limit=${TRANSCRIPT_PAGE_MAX}&offset=${TRANSCRIPT_PAGE_MAX}`,
    ]);
  });

  it('asks once when the first page is short, and keeps a transcript shifted onto the next page once', async () => {
    reply(ids(1, 2));
    expect((await fetchRange('2026-03-10', '2026-03-10')).map((t) => t.id)).toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // One saved between the two requests moves the first page's last entry onto the second.
    reply(ids(1, TRANSCRIPT_PAGE_MAX));
    reply(ids(TRANSCRIPT_PAGE_MAX, 2));
    const all = await fetchRange('2026-03-01', '2026-03-31');
    expect(all.map((t) => t.id)).toEqual(ids(1, TRANSCRIPT_PAGE_MAX + 1).map((t) => t.id));
  });
});

describe("Data Management's assistant conversations", () => {
  it('are read a largest page at a time until a page falls short', async () => {
    const chat = (i: number): Conversation => ({
      conversation_uuid: `c${i}`,
      coach_type: 'assistant',
      title: null,
      created_at: '2026-03-10T09:00:00.000Z',
      updated_at: '2026-03-10T09:00:00.000Z',
    });
    reply(Array.from({ length: CONVERSATIONS_PAGE_MAX }, (_, i) => chat(i)));
    reply([chat(CONVERSATIONS_PAGE_MAX)]);
    expect(await fetchAssistantChats()).toHaveLength(CONVERSATIONS_PAGE_MAX + 1);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      `/api/coach/conversations?coachTypes=assistant&limit=${CONVERSATIONS_PAGE_MAX}&offset=0`,
      `/api/coach/conversations?coachTypes=assistant&limit=${CONVERSATIONS_PAGE_MAX}&offset=${CONVERSATIONS_PAGE_MAX}`,
    ]);
  });
});
