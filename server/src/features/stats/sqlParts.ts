import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/migrationHelpers.js';

/**
 * The few expressions SQLite and PostgreSQL spell differently, for the stats queries. Only
 * server-written JSON is read, and a value of the wrong type counts as absent (null).
 */

/** A numeric field of a JSON text column (`path` = keys from the root), or null. */
export function jsonNumber(dialect: Dialect, column: string, path: string[]): RawBuilder<number | null> {
  if (dialect === 'sqlite') {
    const p = `$.${path.join('.')}`;
    return sql<
      number | null
    >`(CASE WHEN json_type(${sql.ref(column)}, ${sql.lit(p)}) IN ('integer', 'real') THEN json_extract(${sql.ref(column)}, ${sql.lit(p)}) END)`;
  }
  const keys = sql.join(
    path.map((k) => sql.lit(k)),
    sql`, `,
  );
  return sql<
    number | null
  >`(CASE WHEN jsonb_typeof(${sql.ref(column)}::jsonb #> ARRAY[${keys}]) = 'number' THEN (${sql.ref(column)}::jsonb #>> ARRAY[${keys}])::float8 END)`;
}

/**
 * The index of the week a value falls in (0 … n-1), given each week's first value in ascending
 * order; rows must already be limited to the range. Literal bounds keep the SELECT and GROUP BY
 * expressions textually equal, which PostgreSQL requires.
 */
export function weekIndex(column: string, starts: string[]): RawBuilder<number> {
  const whens = starts.slice(1).map((s, i) => sql`WHEN ${sql.ref(column)} < ${sql.lit(s)} THEN ${sql.lit(i)}`);
  if (whens.length === 0) return sql<number>`0`;
  return sql<number>`(CASE ${sql.join(whens, sql` `)} ELSE ${sql.lit(starts.length - 1)} END)`;
}
