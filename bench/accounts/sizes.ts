/**
 * Bytes and rows per table (with its indexes) of a generated database, and per account-year: what
 * a year of one account costs on disk. PostgreSQL: `pg_total_relation_size` (table, indexes and
 * TOAST); SQLite: the `dbstat` table's pages of each table and of the indexes on it (the search
 * index's FTS5 tables counted under `search_index`).
 */
import { sql } from 'kysely';
import type { Db } from '../../server/src/db/index.js';
import type { Dialect } from '../../server/src/db/migrationHelpers.js';

export interface TableSize {
  table: string;
  rows: number;
  bytes: number;
}

const PER_USER = [
  'journal_entries',
  'todos',
  'transcripts',
  'workout_plans',
  'workout_logs',
  'exercise_feedback',
  'coach_conversations',
  'coach_messages',
  'search_index',
];

export async function tableSizes(db: Db, dialect: Dialect): Promise<TableSize[]> {
  const out: TableSize[] = [];
  for (const table of PER_USER) {
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
    let bytes: number;
    if (dialect === 'postgres') {
      const r = await sql<{ b: number }>`SELECT pg_total_relation_size(${table}::regclass) AS b`.execute(db);
      bytes = Number(r.rows[0]?.b ?? 0);
    } else {
      // The table's pages and those of its indexes (FTS5 keeps its index in search_index_*).
      const r = await sql<{ b: number }>`
        SELECT coalesce(sum(s.pgsize), 0) AS b FROM dbstat s
        WHERE s.name = ${table} OR s.name LIKE ${`${table}\\_%`} ESCAPE '\\'
          OR s.name IN (SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ${table})`.execute(db);
      bytes = Number(r.rows[0]?.b ?? 0);
    }
    out.push({ table, rows: Number(count.rows[0]?.n ?? 0), bytes });
  }
  return out;
}

/** The table as text: rows and bytes of each table, and both per account-year. */
export function sizeTable(sizes: TableSize[], accountYears: number): string {
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const kb = (b: number) => (b / 1024).toFixed(1);
  const lines = [`| table | rows | MB | rows per account-year | KB per account-year |`, `|---|---:|---:|---:|---:|`];
  let rows = 0;
  let bytes = 0;
  for (const s of sizes) {
    rows += s.rows;
    bytes += s.bytes;
    lines.push(
      `| ${s.table} | ${s.rows} | ${mb(s.bytes)} | ${(s.rows / accountYears).toFixed(0)} | ${kb(s.bytes / accountYears)} |`,
    );
  }
  lines.push(`| all | ${rows} | ${mb(bytes)} | ${(rows / accountYears).toFixed(0)} | ${kb(bytes / accountYears)} |`);
  return lines.join('\n');
}
