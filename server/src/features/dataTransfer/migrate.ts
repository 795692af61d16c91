import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { anyDb } from './anyDb.js';

const BATCH = 200;

export interface TableCount {
  table: string;
  rows: number;
}

export class MigrateError extends Error {}

/**
 * Derived tables that are not copied: the search index (FTS5 and its shadow tables in SQLite) and
 * the stats page's weekly roll-ups (the target's triggers mark the weeks of the copied rows, which
 * are computed again on their first read).
 */
const DERIVED = /^(search_index(_|$)|stats_weeks$)/;

/**
 * The SQLite database's own tables (not SQLite's, the migrator's or derived ones), parents before
 * children. PostgreSQL's search index and stats weeks are filled by its own triggers as the rows
 * arrive.
 */
async function tablesInOrder(source: Db): Promise<string[]> {
  const names = (
    await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
      AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`.execute(source)
  ).rows
    .map((r) => r.name)
    .filter((name) => !DERIVED.test(name));
  const deps = new Map<string, string[]>();
  for (const name of names) {
    const fks = await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${name})`.execute(source);
    deps.set(
      name,
      fks.rows.map((f) => f.table).filter((t) => t !== name),
    );
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const d of deps.get(name) ?? []) visit(d, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

const count = async (db: Db, table: string) =>
  Number((await anyDb(db).selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

/**
 * Copies every row of a SQLite instance into an empty PostgreSQL database that has the same
 * migrations applied, in one transaction, keeping ids (and moving each id sequence past them),
 * then checks the row counts table by table. A target with any row is refused.
 */
export async function copySqliteToPostgres(
  source: Db,
  target: Db,
  progress: (line: string) => void = () => {},
): Promise<TableCount[]> {
  const tables = await tablesInOrder(source);
  const targetTables = new Set(
    (
      await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema()`.execute(target)
    ).rows.map((r) => r.table_name),
  );
  for (const table of tables) {
    if (!targetTables.has(table)) throw new MigrateError(`The target database has no table ${table}.`);
    const rows = await count(target, table);
    if (rows > 0) {
      throw new MigrateError(`The target database is not empty (${table} has ${rows} rows); nothing was copied.`);
    }
  }

  await target.transaction().execute(async (trx) => {
    for (const table of tables) {
      const columns = (
        await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(source)
      ).rows.map((c) => c.name);
      const hasId = columns.includes('id');
      let copied = 0;
      for (let offset = 0; ; offset += BATCH) {
        const rows = (await anyDb(source)
          .selectFrom(table)
          .selectAll()
          .orderBy(sql`rowid`)
          .limit(BATCH)
          .offset(offset)
          .execute()) as Array<Record<string, unknown>>;
        if (rows.length === 0) break;
        await anyDb(trx).insertInto(table).values(rows).execute();
        copied += rows.length;
        if (rows.length < BATCH) break;
      }
      if (hasId) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM ${sql.table(table)}`.execute(
          trx,
        );
      }
      progress(`${table}: ${copied} rows`);
    }
  });

  const counts: TableCount[] = [];
  for (const table of tables) {
    const [from, to] = [await count(source, table), await count(target, table)];
    if (from !== to) throw new MigrateError(`Row counts differ for ${table}: ${from} in SQLite, ${to} in PostgreSQL.`);
    counts.push({ table, rows: to });
  }
  return counts;
}
