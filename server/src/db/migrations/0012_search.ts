import type { Kysely } from 'kysely';
import { dialectOf, sql } from '../migrationHelpers.js';

/**
 * Full-text search over journal entries (daily notes, plain notes, weekly plans), transcripts
 * and todos: one index table per database, kept in step by triggers, so every write updates it
 * in the write's own transaction and no code path can forget to.
 *
 * SQLite: an FTS5 table whose rowid encodes the source row (id * 3 + 0 journal, 1 transcript,
 * 2 todo), so a trigger replaces one document by rowid. PostgreSQL: a table keyed by (source,
 * ref_id) with a generated, weighted tsvector (title A, body B) and a GIN index.
 * Both stem English words (porter / 'english').
 */
const SOURCES = [
  {
    table: 'journal_entries',
    source: 'journal',
    offset: 0,
    kind: 'new.journal_type',
    date: 'new.date',
    title: "''",
    body: 'new.content',
  },
  {
    table: 'transcripts',
    source: 'transcript',
    offset: 1,
    kind: "'transcript'",
    date: 'new.date',
    title: 'new.title',
    body: "new.content || coalesce(' ' || new.context, '')",
  },
  {
    table: 'todos',
    source: 'todo',
    offset: 2,
    kind: "'todo'",
    date: 'substr(new.created_at, 1, 10)',
    title: 'new.content',
    body: "''",
  },
] as const;

const row = (expr: string, alias: string) => expr.replaceAll('new.', `${alias}.`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return upPostgres(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE search_index USING fts5(title, body, user_id UNINDEXED, kind UNINDEXED, ref_id UNINDEXED, date UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2')`,
    )
    .execute(db);
  for (const s of SOURCES) {
    const insert = (alias: string) =>
      `INSERT INTO search_index(rowid, title, body, user_id, kind, ref_id, date) VALUES (${alias}.id * 3 + ${s.offset}, ${row(s.title, alias)}, ${row(s.body, alias)}, ${alias}.user_id, ${row(s.kind, alias)}, ${alias}.id, ${row(s.date, alias)})`;
    const remove = `DELETE FROM search_index WHERE rowid = old.id * 3 + ${s.offset}`;
    await sql
      .raw(`CREATE TRIGGER ${s.table}_search_ai AFTER INSERT ON ${s.table} BEGIN ${insert('new')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${s.table}_search_au AFTER UPDATE ON ${s.table} BEGIN ${remove}; ${insert('new')}; END`)
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${s.table}_search_ad AFTER DELETE ON ${s.table} BEGIN ${remove}; END`).execute(db);
    // Rows written before this migration.
    await sql
      .raw(
        `INSERT INTO search_index(rowid, title, body, user_id, kind, ref_id, date) SELECT r.id * 3 + ${s.offset}, ${row(s.title, 'r')}, ${row(s.body, 'r')}, r.user_id, ${row(s.kind, 'r')}, r.id, ${row(s.date, 'r')} FROM ${s.table} r`,
      )
      .execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>) {
  await sql
    .raw(`CREATE TABLE search_index (
      source text NOT NULL,
      ref_id integer NOT NULL,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL,
      date text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      tsv tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
      ) STORED,
      PRIMARY KEY (source, ref_id)
    )`)
    .execute(db);
  await sql.raw('CREATE INDEX search_index_tsv_idx ON search_index USING GIN (tsv)').execute(db);
  await sql.raw('CREATE INDEX search_index_user_idx ON search_index (user_id, kind)').execute(db);
  for (const s of SOURCES) {
    const values = (alias: string) =>
      `'${s.source}', ${alias}.id, ${alias}.user_id, ${row(s.kind, alias)}, ${row(s.date, alias)}, ${row(s.title, alias)}, ${row(s.body, alias)}`;
    await sql
      .raw(`CREATE FUNCTION ${s.table}_search() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM search_index WHERE source = '${s.source}' AND ref_id = OLD.id;
          RETURN NULL;
        END IF;
        INSERT INTO search_index (source, ref_id, user_id, kind, date, title, body) VALUES (${values('NEW')})
        ON CONFLICT (source, ref_id) DO UPDATE SET user_id = EXCLUDED.user_id, kind = EXCLUDED.kind,
          date = EXCLUDED.date, title = EXCLUDED.title, body = EXCLUDED.body;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${s.table}_search AFTER INSERT OR UPDATE OR DELETE ON ${s.table} FOR EACH ROW EXECUTE FUNCTION ${s.table}_search()`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO search_index (source, ref_id, user_id, kind, date, title, body) SELECT ${values('r')} FROM ${s.table} r`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const s of SOURCES) {
    if (pg) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${s.table}_search ON ${s.table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${s.table}_search()`).execute(db);
    } else {
      for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${s.table}_search_${t}`).execute(db);
    }
  }
  await sql.raw('DROP TABLE IF EXISTS search_index').execute(db);
}
