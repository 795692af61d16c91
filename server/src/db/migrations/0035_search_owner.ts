import type { Kysely } from 'kysely';
import { dialectOf, sql } from '../migrationHelpers.js';
import { PREFIXES, remakeSearchIndex } from './0023_search_prefix.js';

/**
 * Search reads only its owner's documents.
 *
 * One index holds every account's documents. A search walked a word's matches and dropped those
 * of other accounts until it had its candidates: with a thousand accounts, a common word passed
 * most of the installation's matches (the cost grew with the number of accounts).
 *
 * SQLite: the search index's `user_id` column becomes indexed, so a search names its owner in the
 * match (`user_id : "7" AND {title body} : (…)`) and FTS5 joins the owner's list and the word's
 * by seeking each to the other's next document. The user's words are matched in the title and
 * body only, never in the owner's number. Made again in one transaction with the documents it
 * held, like 0023.
 *
 * PostgreSQL: each document's stored `tsvector` also holds its owner, as a lexeme `@<user id>`
 * (no word of a query can be one: queries are letters and digits), so a search asks the GIN index
 * for its words and its owner together and the index intersects the two lists, instead of the
 * database reading and testing each of the owner's documents. The column is generated, so it is
 * made again (the table is rewritten once).
 */
export const INDEXED_OWNER = 'title, body, user_id, kind UNINDEXED, ref_id UNINDEXED, date UNINDEXED';
const UNINDEXED_OWNER = 'title, body, user_id UNINDEXED, kind UNINDEXED, ref_id UNINDEXED, date UNINDEXED';

const WORDS = "setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')";
const OWNER = "array_to_tsvector(ARRAY['@' || CAST(user_id AS text)])";

/** The owner's lexeme as a tsquery literal, for a search's query (features/search/repo.ts). */
export const ownerLexeme = (userId: number) => `'@${Math.trunc(userId)}'`;

async function remakeTsv(db: Kysely<unknown>, expression: string) {
  await sql.raw('DROP INDEX IF EXISTS search_index_tsv_idx').execute(db);
  await sql.raw('ALTER TABLE search_index DROP COLUMN tsv').execute(db);
  await sql
    .raw(`ALTER TABLE search_index ADD COLUMN tsv tsvector GENERATED ALWAYS AS (${expression}) STORED`)
    .execute(db);
  await sql.raw('CREATE INDEX search_index_tsv_idx ON search_index USING GIN (tsv)').execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return remakeTsv(db, `${WORDS} || ${OWNER}`);
  await remakeSearchIndex(db, INDEXED_OWNER, PREFIXES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return remakeTsv(db, WORDS);
  await remakeSearchIndex(db, UNINDEXED_OWNER, PREFIXES);
}
