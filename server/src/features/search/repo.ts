import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';

/** Marks around matched words in snippets: control characters that never reach the user. */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

export interface SearchRow {
  kind: string;
  ref_id: number;
  date: string;
  title: string;
  head: string;
  snippet: string;
}

/**
 * The best matches of one user's documents, best first (then newest). `words` are plain
 * alphanumeric words (see service.ts); the last one also matches as a prefix.
 */
export async function searchIndex(
  db: Db,
  dialect: Dialect,
  userId: number,
  words: string[],
  kind: string | undefined,
  limit: number,
): Promise<SearchRow[]> {
  if (dialect === 'postgres') {
    const query = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
    // Headlines are the costly part: only the top rows get one.
    const res = await sql<SearchRow>`
      SELECT kind, ref_id, date, title, left(body, 200) AS head,
        ts_headline('english', CASE WHEN body = '' THEN title ELSE body END, q,
          ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) AS snippet
      FROM (
        SELECT s.*, q, ts_rank_cd(s.tsv, q) AS rank
        FROM search_index s, to_tsquery('english', ${query}) q
        WHERE s.user_id = ${userId} AND s.tsv @@ q ${kind ? sql`AND s.kind = ${kind}` : sql``}
        ORDER BY rank DESC, s.date DESC, s.ref_id DESC
        LIMIT ${limit}
      ) top
      ORDER BY rank DESC, date DESC, ref_id DESC`.execute(db);
    return res.rows;
  }
  const match = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  // Rank first, then make snippets for the top rows only: a snippet per match of a common word
  // would cost far more than the search itself.
  const top = await sql<{ rowid: number }>`
    SELECT rowid FROM search_index
    WHERE search_index MATCH ${match} AND user_id = ${userId} ${kind ? sql`AND kind = ${kind}` : sql``}
    ORDER BY bm25(search_index, 10.0, 1.0), date DESC, ref_id DESC
    LIMIT ${limit}`.execute(db);
  if (!top.rows.length) return [];
  const order = new Map(top.rows.map((r, i) => [Number(r.rowid), i]));
  const res = await sql<SearchRow & { rowid: number }>`
    SELECT rowid, kind, ref_id, date, title, substr(body, 1, 200) AS head,
      snippet(search_index, -1, ${MARK_START}, ${MARK_END}, ' … ', 24) AS snippet
    FROM search_index
    WHERE search_index MATCH ${match} AND rowid IN (SELECT value FROM json_each(${JSON.stringify([...order.keys()])}))`.execute(
    db,
  );
  // (FTS5 ignores a single bound `rowid IN (?)` next to MATCH, hence json_each, and the filter below.)
  return res.rows
    .filter((r) => order.has(Number(r.rowid)))
    .sort((a, b) => (order.get(Number(a.rowid)) ?? 0) - (order.get(Number(b.rowid)) ?? 0))
    .map(({ rowid: _r, ...r }) => ({ ...r, ref_id: Number(r.ref_id) }));
}
