import type { Kysely } from 'kysely';
import { dialectOf, sql } from '../migrationHelpers.js';

/**
 * PostgreSQL: the search index's list of words not yet sorted into it stays small.
 *
 * A GIN index gathers new entries in a pending list (up to `gin_pending_list_limit`, 4 MB by
 * default) until vacuum sorts them in, and every search reads the whole list: the recent writes
 * of every account. On a generated installation of 200 accounts the list held 4,800 documents and
 * made a heavy account's common-word search read 330 pages (5 ms) where the sorted index needed
 * 1.5 ms; the more accounts write, the fuller it is. At 256 kB a save still adds its words to the
 * list (no insert into the sorted index on each keystroke's autosave), and the list is sorted in
 * as soon as it reaches that size, so a search reads at most about 32 pages of it.
 */
export const SEARCH_PENDING_LIST_KB = 256;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql
    .raw(`ALTER INDEX search_index_tsv_idx SET (gin_pending_list_limit = ${SEARCH_PENDING_LIST_KB})`)
    .execute(db);
  await sql.raw("SELECT gin_clean_pending_list('search_index_tsv_idx')").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql.raw('ALTER INDEX search_index_tsv_idx RESET (gin_pending_list_limit)').execute(db);
}
