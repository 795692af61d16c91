import { z } from 'zod';

/** What search covers; `daily` daily notes, `weekly` weekly plans, `note` plain notes. */
export const SEARCH_TYPES = ['daily', 'note', 'weekly', 'transcript', 'todo'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;
export const SEARCH_QUERY_MAX = 500;
/**
 * A word found in more entries than this is ranked among its most recent matches only: ranking
 * every match of a common word costs time in proportion to the whole history (five years of
 * notes: thousands of matches) while the best of the recent ones is what a search is for.
 */
export const SEARCH_CANDIDATES = 200;
/** The furthest page start: the last page ends at the last candidate. */
export const SEARCH_OFFSET_MAX = SEARCH_CANDIDATES - 1;

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  daily: 'Daily Journal',
  note: 'Note',
  weekly: 'Weekly Planning',
  transcript: 'Transcript',
  todo: 'Todo',
};

export const searchQuery = z.object({
  /** Free text: words are matched (stemmed), the last one also as a prefix; operators are plain text. */
  q: z.string().max(SEARCH_QUERY_MAX, `q can be at most ${SEARCH_QUERY_MAX} characters`),
  type: z.enum(SEARCH_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  /** Results skipped (the next page starts at offset + limit). */
  offset: z.coerce.number().int().min(0).max(SEARCH_OFFSET_MAX).default(0),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** A piece of a snippet; `match` pieces are the words the query found. */
export const snippetPart = z.object({ text: z.string(), match: z.boolean() });

export const searchHit = z
  .object({
    type: z.enum(SEARCH_TYPES),
    id: z.number().int(),
    date: z.string(),
    title: z.string(),
    snippet: z.array(snippetPart),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHit>;

export const searchResponse = z.object({ query: z.string(), results: z.array(searchHit) });
export type SearchResponse = z.infer<typeof searchResponse>;
