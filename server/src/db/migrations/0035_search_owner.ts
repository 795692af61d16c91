import type { Kysely } from 'kysely';
import { dialectOf, sql } from '../migrationHelpers.js';
import { PREFIXES, remakeSearchIndex } from './0023_search_prefix.js';

/**
 * SQLite: the search index's `user_id` column becomes indexed, so a search names its owner in the
 * match (`user_id : "7" AND {title body} : (…)`) and FTS5 reads only that user's documents.
 *
 * One index holds every account's documents. A search walked a word's matches newest first and
 * dropped those of other accounts until it had its candidates: with a thousand accounts, a common
 * word in an account that has written little lately passed most of the installation's matches
 * (the cost grew with the number of accounts). FTS5 joins the two terms by seeking each list to
 * the other's next document, so the walk now follows the owner's documents. The user's words are
 * matched in the title and body only ({title body}), never in the owner's number. Made again in
 * one transaction with the documents it held, like 0023.
 *
 * PostgreSQL: the GIN index over every account's words becomes one over each document's words
 * and its owner (a lexeme `@<user id>`, which no word of a query can be: queries are letters and
 * digits), so a search reads the posting lists of its words and of its owner and intersects them
 * in the index, instead of reading and testing each of the owner's documents. Searches name the
 * same expression (features/search/repo.ts).
 */
export const ownerTsv = (alias = '') =>
  `(${alias}tsv || array_to_tsvector(ARRAY['@' || CAST(${alias}user_id AS text)]))`;
export const INDEXED_OWNER = 'title, body, user_id, kind UNINDEXED, ref_id UNINDEXED, date UNINDEXED';
const UNINDEXED_OWNER = 'title, body, user_id UNINDEXED, kind UNINDEXED, ref_id UNINDEXED, date UNINDEXED';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw(`CREATE INDEX search_index_owner_tsv_idx ON search_index USING GIN (${ownerTsv()})`).execute(db);
    await sql.raw('DROP INDEX search_index_tsv_idx').execute(db);
    return;
  }
  await remakeSearchIndex(db, INDEXED_OWNER, PREFIXES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw('CREATE INDEX search_index_tsv_idx ON search_index USING GIN (tsv)').execute(db);
    await sql.raw('DROP INDEX search_index_owner_tsv_idx').execute(db);
    return;
  }
  await remakeSearchIndex(db, UNINDEXED_OWNER, PREFIXES);
}
