import type { Kysely } from 'kysely';
import { dialectOf, sql } from '../migrationHelpers.js';

const COLUMNS = 'title, body, user_id UNINDEXED, kind UNINDEXED, ref_id UNINDEXED, date UNINDEXED';
const TOKENIZE = "tokenize = 'porter unicode61 remove_diacritics 2'";

/**
 * SQLite: the search index gets FTS5 prefix indexes for prefixes of 1 to 8 characters.
 *
 * The last word of every query also matches as a prefix. Without a prefix index FTS5 answers
 * `meet*` by merging the lists of every term that starts so, over the whole history, before
 * it can read the newest matches: a common word spent 0.4 ms there for the ranking and again
 * for the snippets, each time (five years of notes, 'meeting'). With one, the prefix is read
 * like a single term, newest first, and stops at the last candidate (ranking 1.7 → 0.7 ms).
 * Eight characters cover nearly every word being typed; a longer prefix has few terms to merge.
 * The index grows about 13%, and every word is written once more per prefix length: saving a
 * 150 KB transcript takes about twice as long (5 → 10–12 ms), a daily note about a fifth more.
 *
 * FTS5 fixes its options when the table is made, so the table is made again, in one
 * transaction, with the documents it held: the triggers of 0012 and 0022 name the table and
 * keep working. PostgreSQL's prefix search uses its GIN index and needs none of this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await remakeSearchIndex(db, COLUMNS, PREFIXES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await remakeSearchIndex(db, COLUMNS, '');
}

export const PREFIXES = ", prefix = '1 2 3 4 5 6 7 8'";

/** SQLite: the FTS5 search index made again with these columns and options, keeping its documents. */
export async function remakeSearchIndex(db: Kysely<unknown>, columns: string, options: string) {
  // The migrator runs the pending migrations in one transaction; the remake is one on its own
  // when it is called outside of it.
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => remakeSearchIndex(trx, columns, options));
    return;
  }
  await sql
    .raw(
      'CREATE TEMP TABLE search_documents AS SELECT rowid AS id, title, body, user_id, kind, ref_id, date FROM search_index',
    )
    .execute(db);
  await sql.raw('DROP TABLE search_index').execute(db);
  await sql.raw(`CREATE VIRTUAL TABLE search_index USING fts5(${columns}, ${TOKENIZE}${options})`).execute(db);
  await sql
    .raw(
      'INSERT INTO search_index(rowid, title, body, user_id, kind, ref_id, date) SELECT id, title, body, user_id, kind, ref_id, date FROM search_documents ORDER BY id',
    )
    .execute(db);
  await sql.raw('DROP TABLE temp.search_documents').execute(db);
}
