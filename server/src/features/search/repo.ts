import { sql } from 'kysely';
import { SEARCH_CANDIDATES } from '#common/api/search.js';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { ownerLexeme } from '../../db/migrations/0035_search_owner.js';

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
 * A page of the best matches of one user's documents, best first (then newest; the row breaks
 * the last ties, so pages never overlap). `words` are plain alphanumeric words (see service.ts);
 * the last one also matches as a prefix. Only the SEARCH_CANDIDATES most recent matches are
 * ranked (see its comment), and only the page gets snippets.
 */
export async function searchIndex(
  db: Db,
  dialect: Dialect,
  userId: number,
  words: string[],
  kind: string | undefined,
  page: { limit: number; offset: number },
): Promise<SearchRow[]> {
  if (dialect === 'postgres') {
    const query = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
    // The owner's documents with the words, from the GIN index of words and owners (0035); the
    // newest candidates by date (their keys only) are ranked, and the page read again in full
    // for its headlines. A headline is drawn from up to 400 characters around the first
    // place the first word's stem appears, room for its 30 words (ts_headline parses all the
    // text it is given: a two-hour transcript took milliseconds each, 800 characters about
    // 0.2 ms); the start of the text when it is not found. The stem is looked for as written
    // and capitalised first: each look stops at its first find, where lower() of the body
    // would copy a whole transcript (the costliest part of a search for a rare word).
    const res = await sql<SearchRow>`
      SELECT s.kind, s.ref_id, s.date, s.title, left(s.body, 200) AS head,
        ts_headline('english',
          CASE WHEN s.body = '' THEN s.title
            ELSE substr(s.body, greatest(1, coalesce(
              least(nullif(strpos(s.body, w.stem), 0), nullif(strpos(s.body, initcap(w.stem)), 0)),
              strpos(lower(s.body), w.stem)) - 120), 400)
          END, q,
          ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) AS snippet
      FROM (
        SELECT c.source, c.ref_id, c.date, ts_rank_cd(c.tsv, c.q) AS rank
        FROM (
          SELECT s.source, s.ref_id, s.date, s.tsv, q
          FROM search_index s, to_tsquery('english', ${query}) q
          WHERE s.user_id = ${userId} AND s.tsv @@ (q && CAST(${ownerLexeme(userId)} AS tsquery))
            ${kind ? sql`AND s.kind = ${kind}` : sql``}
          ORDER BY s.date DESC, s.ref_id DESC, s.source
          LIMIT ${SEARCH_CANDIDATES}
        ) c
        ORDER BY rank DESC, c.date DESC, c.ref_id DESC, c.source
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) top
      JOIN search_index s ON s.source = top.source AND s.ref_id = top.ref_id,
        to_tsquery('english', ${query}) q,
        (SELECT coalesce((ts_lexize('english_stem', ${words[0]}))[1], ${words[0]}) AS stem) w
      ORDER BY top.rank DESC, top.date DESC, top.ref_id DESC, top.source`.execute(db);
    return res.rows;
  }
  // The words in the title and body only; the owner is a term of its own (0035).
  const match = `user_id : "${Math.trunc(userId)}" AND {title body} : (${words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ')})`;
  // FTS5 walks the owner's matches newest first (by rowid) and stops at the last candidate; only
  // those are scored (the owner's column weighs nothing). Kind and date come from the small
  // table beside the index (0022), not from the index's content, where each would load its
  // document's whole text.
  const top = await sql<{ rowid: number }>`
    SELECT id AS rowid FROM (
      SELECT m.id, bm25(search_index, 10.0, 1.0, 0.0) AS score, m.date, m.ref_id
      FROM search_index JOIN search_index_meta m ON m.id = search_index.rowid
      WHERE search_index MATCH ${match} AND m.user_id = ${userId}
        ${kind ? sql`AND m.kind = ${kind}` : sql``}
      ORDER BY search_index.rowid DESC
      LIMIT ${SEARCH_CANDIDATES}
    )
    ORDER BY score, date DESC, ref_id DESC, id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  if (!top.rows.length) return [];
  const order = new Map(top.rows.map((r, i) => [Number(r.rowid), i]));
  const ids = [...order.keys()];
  // The page's rows with their snippets, in one pass over the owner's match (a snippet comes from
  // the title or the body: on a tie FTS5 takes the first column, and the owner's is the last):
  // the rowid range bounds it,
  // and the unary + keeps the list a plain filter. Given to FTS5 as a constraint, each listed
  // rowid would start the match again (with a prefix word, milliseconds each).
  const res = await sql<SearchRow & { rowid: number }>`
    SELECT rowid, kind, ref_id, date, title, substr(body, 1, 200) AS head,
      snippet(search_index, -1, ${MARK_START}, ${MARK_END}, ' … ', 24) AS snippet
    FROM search_index
    WHERE search_index MATCH ${match} AND rowid >= ${Math.min(...ids)} AND rowid <= ${Math.max(...ids)}
      AND +rowid IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`.execute(db);
  return res.rows
    .sort((a, b) => (order.get(Number(a.rowid)) ?? 0) - (order.get(Number(b.rowid)) ?? 0))
    .map(({ rowid: _r, ...r }) => ({ ...r, ref_id: Number(r.ref_id) }));
}
