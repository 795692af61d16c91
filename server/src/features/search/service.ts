import type { SearchHit, SearchResponse, SearchType } from '#common/api/search.js';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { noteTitle } from '../notes/service.js';
import { MARK_END, MARK_START, type SearchRow, searchIndex } from './repo.js';

const KIND_OF: Record<SearchType, string> = {
  daily: 'daily',
  note: 'note',
  weekly: 'weekly_planning',
  transcript: 'transcript',
  todo: 'todo',
};
const TYPE_OF: Record<string, SearchType> = Object.fromEntries(
  Object.entries(KIND_OF).map(([type, kind]) => [kind, type as SearchType]),
);
const MAX_WORDS = 16;

/**
 * The words of a query: letters and digits only, so quotes, operators, column filters and
 * punctuation are never seen by FTS5 or to_tsquery as syntax. An empty list finds nothing.
 */
export function queryWords(q: string): string[] {
  return (q.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS).map((w) => w.toLowerCase());
}

/** A snippet with its marks turned into parts, so clients never render the user's text as HTML. */
export function snippetParts(snippet: string): SearchHit['snippet'] {
  const parts: SearchHit['snippet'] = [];
  const re = new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, 'g');
  let at = 0;
  for (const m of snippet.matchAll(re)) {
    if (m.index > at) parts.push({ text: snippet.slice(at, m.index), match: false });
    if (m[1]) parts.push({ text: m[1], match: true });
    at = m.index + m[0].length;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), match: false });
  // One line: snippets are shown inline, and both databases cut them at different places.
  return parts.map((p) => ({
    ...p,
    text: p.text.replaceAll(MARK_START, '').replaceAll(MARK_END, '').replace(/\s+/g, ' '),
  }));
}

function titleOf(r: SearchRow, type: SearchType): string {
  switch (type) {
    case 'daily':
      return 'Daily Journal';
    case 'weekly':
      return 'Weekly Planning';
    case 'note':
      return noteTitle(r.head);
    default:
      return r.title || (type === 'transcript' ? 'Transcript' : 'Todo');
  }
}

export async function search(
  db: Db,
  dialect: Dialect,
  userId: number,
  q: { q: string; type?: SearchType | undefined; limit: number; offset?: number },
): Promise<SearchResponse> {
  const words = queryWords(q.q);
  if (!words.length) return { query: q.q, results: [] };
  const rows = await searchIndex(db, dialect, userId, words, q.type && KIND_OF[q.type], {
    limit: q.limit,
    offset: q.offset ?? 0,
  });
  const results = rows.map((r) => {
    const type = TYPE_OF[r.kind] ?? 'note';
    return { type, id: r.ref_id, date: r.date, title: titleOf(r, type), snippet: snippetParts(r.snippet) };
  });
  return { query: q.q, results };
}
