import { type QueryClient, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { calendarEventList } from '#common/api/calendar.js';
import { CONVERSATIONS_PAGE_MAX, type Conversation, conversationsResponse } from '#common/api/coach.js';
import { bulkDeleteResponse } from '#common/api/common.js';
import {
  actionItemsResponse,
  confirmActionItemsResponse,
  TRANSCRIPT_PAGE_MAX,
  type TranscriptBody,
  type TranscriptSummary,
  transcript,
  transcriptSummariesResponse,
  transcriptSummaryPage,
} from '#common/api/transcripts.js';
import { initialTranscriptWindow, mergeById } from '#common/transcriptRules.js';
import { del, get, post, put } from '../../api/client';

export const transcriptsKey = ['transcripts'] as const;

/**
 * Everything a saved or deleted transcript may change: lists, day windows, the notes list, and
 * the calendar's events (each says which transcript records it).
 */
export async function refreshTranscripts(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: transcriptsKey }),
    queryClient.invalidateQueries({ queryKey: ['notes'] }),
    queryClient.invalidateQueries({ queryKey: ['calendar', 'events'] }),
  ]);
}

const summaryPage = (limit: number, offset: number) =>
  // Pages carry no texts (a page of long meetings would otherwise weigh megabytes).
  get('/transcripts', { schema: transcriptSummaryPage, query: { limit, offset } });

/** The list screen's pages of `pageSize`, newest first: `fetchNextPage` reads the next one. */
export function useTranscriptPages(pageSize: number) {
  return useInfiniteQuery({
    queryKey: [...transcriptsKey, 'list', 'pages', pageSize],
    queryFn: ({ pageParam }) => summaryPage(pageSize, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === 0 || read >= last.total ? undefined : read;
    },
  });
}

export const fetchTranscript = (id: number) => get(`/transcripts/${id}`, { schema: transcript });
/** One transcript with its text, for the form (lists and windows carry summaries only). */
export function useTranscript(id: number | undefined) {
  return useQuery({
    queryKey: [...transcriptsKey, 'one', id],
    queryFn: () => fetchTranscript(id as number),
    enabled: id !== undefined,
  });
}

/** Every item of a paged list: pages of `size` from the start until one falls short. */
async function everyPage<T>(size: number, page: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += size) {
    const items = await page(size, offset);
    all.push(...items);
    if (items.length < size) return all;
  }
}

/**
 * Summaries of the transcripts dated in [start, end], all of them, a largest page at a time (a
 * page short of it is the last): enough for cards and an event's mark. One saved between two
 * pages may shift them, so each is kept once.
 */
export async function fetchRange(start: string, end: string): Promise<TranscriptSummary[]> {
  const all = await everyPage(TRANSCRIPT_PAGE_MAX, (limit, offset) =>
    get(`/transcripts/range/${start}/${end}`, { schema: transcriptSummariesResponse, query: { limit, offset } }),
  );
  return [...new Map(all.map((t) => [t.id, t])).values()];
}

export const createTranscript = (body: TranscriptBody) => post('/transcripts', body, { schema: transcript });
export const updateTranscript = (id: number, body: TranscriptBody) =>
  put(`/transcripts/${id}`, body, { schema: transcript });
export const deleteTranscript = (id: number) => del(`/transcripts/${id}`);
export const bulkDeleteTranscripts = (ids: number[]) =>
  post('/transcripts/bulk-delete', { ids }, { schema: bulkDeleteResponse });
export const proposeActionItems = (id: number) =>
  post(`/transcripts/action-items/${id}`, undefined, { schema: actionItemsResponse });
export const confirmActionItems = (id: number, items: string[]) =>
  post(`/transcripts/action-items/${id}/confirm`, { items }, { schema: confirmActionItemsResponse });

/**
 * Transcripts around a day, loaded window by window (7 days back to 14 ahead, §4): the first
 * window is around `today`; a day outside every loaded window adds one around it. Windows are
 * merged and de-duplicated by id.
 */
export function useTranscriptWindows(today: string, date: string) {
  const [windows, setWindows] = useState(() => [initialTranscriptWindow(today)]);
  const covered = windows.some((w) => w.start <= date && date <= w.end);
  if (!covered) setWindows((ws) => [...ws, initialTranscriptWindow(date)]);
  const results = useQueries({
    queries: windows.map((w) => ({
      queryKey: [...transcriptsKey, 'range', w.start, w.end],
      queryFn: () => fetchRange(w.start, w.end),
    })),
  });
  const all = results.reduce<TranscriptSummary[]>((held, r) => (r.data ? mergeById(held, r.data) : held), []);
  const pending = results.some((r) => r.isPending);
  const error = results.find((r) => r.error)?.error ?? null;
  return { all, pending, error, refetch: () => Promise.all(results.map((r) => r.refetch())) };
}

/**
 * The transcripts of a span of days, e.g. the days a calendar view shows, so each event can say
 * whether it has one (part 1 §4: transcripts are fetched for the range the events came from).
 * Shares its cache key with the windows above, so a save refreshes both.
 */
export function useTranscriptsBetween(start: string, end: string, enabled = true) {
  return useQuery({
    queryKey: [...transcriptsKey, 'range', start, end],
    queryFn: () => fetchRange(start, end),
    enabled,
  });
}

/** The calendar modal's events: up to 100 (part 2 §9). */
export const MODAL_MAX_EVENTS = 100;
export const fetchEvents = (startDate: string, endDate: string) =>
  get('/calendar/events/range', {
    schema: calendarEventList,
    query: { startDate, endDate, maxResults: MODAL_MAX_EVENTS },
  });

/** Every assistant conversation, newest first: Data Management lists them all to select and delete. */
export const fetchAssistantChats = (): Promise<Conversation[]> =>
  everyPage(CONVERSATIONS_PAGE_MAX, (limit, offset) => {
    const params = new URLSearchParams({ coachTypes: 'assistant', limit: String(limit), offset: String(offset) });
    return get(`/coach/conversations?${params}`, { schema: conversationsResponse });
  });
export const bulkDeleteChats = (uuids: string[]) =>
  post('/coach/conversations/bulk-delete', { uuids }, { schema: bulkDeleteResponse });
