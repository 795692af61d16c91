import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type DailyNote, dailyNote, headlinesResponse, noteContent } from '#common/api/journal.js';
import { NOTES_PAGE_SIZE, type NoteEntryType } from '#common/journalConstants.js';
import { parseDailyNote } from '#common/journalText.js';
import { get, post } from '../../api/client';

const headlinesKey = ['notes', 'headlines'] as const;

/** The notes list, 50 entries a page. */
export function useHeadlines(type: NoteEntryType | undefined) {
  return useInfiniteQuery({
    queryKey: [...headlinesKey, type ?? 'all'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      get('/notes/headlines', {
        schema: headlinesResponse,
        query: { limit: NOTES_PAGE_SIZE, offset: pageParam, type },
      }),
    getNextPageParam: (last, pages) => {
      const count = last.reduce((n, g) => n + g.entries.length, 0);
      return count < NOTES_PAGE_SIZE ? undefined : pages.length * NOTES_PAGE_SIZE;
    },
  });
}

export function useNoteContent(type: NoteEntryType, id: number) {
  return useQuery({
    queryKey: ['notes', 'content', type, id],
    queryFn: () => get(`/notes/content/${type}/${id}`, { schema: noteContent }),
  });
}

/** The daily note for the editor: read afresh each time it opens, and not kept after it closes. */
export function useDailyNote(date: string) {
  return useQuery({
    queryKey: ['notes', 'daily', date],
    queryFn: () => get(`/notes/daily/${date}`, { schema: dailyNote }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * After a daily note is saved, the list and the entry views are read again. The open editor's
 * own copy is left alone: it already shows the saved text.
 */
export const refreshAfterDailySave = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['notes'], predicate: (q) => q.queryKey[1] !== 'daily' });

/** Saves the note's text with the structured parts extracted from it. */
export const saveDailyNote = (date: string, content: string): Promise<DailyNote> =>
  post(`/notes/daily/${date}`, { content, structured_data: parseDailyNote(content) }, { schema: dailyNote });

/** 'Monday, March 2, 2026' for '2026-03-02' (the date itself, whatever the time zone). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

export function shortTime(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? '' : t.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}
