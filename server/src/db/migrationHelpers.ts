import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-incrementing integer primary key named `id`, spelled for each dialect. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A `user_id` column that owns the row: deleting the user deletes the row. */
export function ownedBy(c: ColumnDefinitionBuilder) {
  return c.notNull().references('users.id').onDelete('cascade');
}

export const nowIso = () => new Date().toISOString();

export { sql };

/**
 * Rewrites a SQLite table with its columns in a new order (SQLite cannot move a column), keeping
 * its rows and ids, its AUTOINCREMENT counter, its indexes and its triggers, in the migration's
 * transaction. `columns` are the column definitions in the new order, each starting with the
 * column's quoted name. No other table may reference this one: dropping it would delete what
 * refers to it.
 */
export async function reorderSqliteColumns(db: Kysely<unknown>, table: string, columns: readonly string[]) {
  const names = columns.map((c) => /^"([^"]+)"/.exec(c)?.[1] ?? '');
  if (names.some((n) => !n)) throw new Error('Each column definition starts with its quoted name');
  const kept = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null
    order by type = 'trigger', name`.execute(db);
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  const list = names.map((n) => `"${n}"`).join(', ');
  const staged = `${table}_reordered`;
  await sql.raw(`create table "${staged}" (${columns.join(', ')})`).execute(db);
  await sql.raw(`insert into "${staged}" (${list}) select ${list} from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${staged}" rename to "${table}"`).execute(db);
  for (const { sql: statement } of kept.rows) await sql.raw(statement).execute(db);
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined) await sql`update sqlite_sequence set seq = ${seq} where name = ${table}`.execute(db);
}
