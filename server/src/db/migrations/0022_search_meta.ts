import type { Kysely } from 'kysely';
import { dialectOf, sql } from '../migrationHelpers.js';

/**
 * SQLite: each search document's owner, kind, date and source row, in a small table beside the
 * FTS5 index and keyed by the same rowid (id * 3 + 0 journal, 1 transcript, 2 todo; see
 * 0012_search).
 *
 * Ranking a common word reads its 500 newest matches (SEARCH_CANDIDATES). Their owner and date
 * were read from the index's own content table, where FTS5 loads the whole row, body and all: a
 * word found in 5,000 meetings of 6 KB each spent 1 of its 1.5 ms there. This table's rows are a
 * few bytes, so the ranking reads them instead (1.5 → 0.7 ms); the index still serves snippets.
 *
 * Kept in step by triggers on the source tables, beside the index's own, so every write path
 * fills it in its own transaction. Derived, like the index: its name starts with `search_index_`,
 * so data export and the move to PostgreSQL leave it out, and triggers fill it again on import.
 * PostgreSQL's search index is an ordinary table and needs none of this.
 */
const SOURCES = [
  {
    table: 'journal_entries',
    offset: 0,
    kind: 'new.journal_type',
    date: 'new.date',
    columns: 'user_id, journal_type, date',
  },
  { table: 'transcripts', offset: 1, kind: "'transcript'", date: 'new.date', columns: 'user_id, date' },
  { table: 'todos', offset: 2, kind: "'todo'", date: 'substr(new.created_at, 1, 10)', columns: 'user_id, created_at' },
] as const;

const row = (expr: string, alias: string) => expr.replaceAll('new.', `${alias}.`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql
    .raw(`CREATE TABLE search_index_meta (
      id integer PRIMARY KEY,
      user_id integer NOT NULL,
      kind text NOT NULL,
      ref_id integer NOT NULL,
      date text NOT NULL
    )`)
    .execute(db);
  for (const s of SOURCES) {
    const put = `INSERT OR REPLACE INTO search_index_meta (id, user_id, kind, ref_id, date) VALUES (new.id * 3 + ${s.offset}, new.user_id, ${s.kind}, new.id, ${s.date})`;
    await sql.raw(`CREATE TRIGGER ${s.table}_search_meta_ai AFTER INSERT ON ${s.table} BEGIN ${put}; END`).execute(db);
    await sql
      .raw(`CREATE TRIGGER ${s.table}_search_meta_au AFTER UPDATE OF ${s.columns} ON ${s.table} BEGIN ${put}; END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${s.table}_search_meta_ad AFTER DELETE ON ${s.table} BEGIN DELETE FROM search_index_meta WHERE id = old.id * 3 + ${s.offset}; END`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO search_index_meta (id, user_id, kind, ref_id, date) SELECT r.id * 3 + ${s.offset}, r.user_id, ${row(s.kind, 'r')}, r.id, ${row(s.date, 'r')} FROM ${s.table} r`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const s of SOURCES)
    for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${s.table}_search_meta_${t}`).execute(db);
  await sql.raw('DROP TABLE IF EXISTS search_index_meta').execute(db);
}
