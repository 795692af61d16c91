import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/migrationHelpers.js';
import { PLAN_MINUTES_SQLITE } from '../../db/migrations/0017_perf_weekly.js';

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
 * A plan's planned minutes (`estimated_duration`) of the plan `p`, or null: the summary column
 * written with the plan (read without touching the plan's JSON), or for a row stored without a
 * summary (an import) the JSON's number.
 */
export function planMinutes(dialect: Dialect): RawBuilder<number | null> {
  const json =
    dialect === 'sqlite'
      ? sql<number | null>`${sql.raw(PLAN_MINUTES_SQLITE.replaceAll('"plan"', '"p"."plan"'))}`
      : jsonNumber(dialect, 'p.plan', ['estimated_duration']);
  return sql<number | null>`(CASE WHEN p.kind IS NULL THEN ${json} ELSE p.estimated_duration END)`;
}

/**
 * The index of the week (0 … n-1) a YYYY-MM-DD column falls in, counted from `from` (a Sunday,
 * bound as a parameter): whole days between them divided by seven. Rows must already be
 * limited to the range. Queries group by its position (`GROUP BY 1`), since PostgreSQL would
 * not take the same expression with another parameter number as equal.
 */
export function weekOfDate(dialect: Dialect, column: string, from: string): RawBuilder<number> {
  return dialect === 'sqlite'
    ? sql<number>`CAST((julianday(${sql.ref(column)}) - julianday(${from})) / 7 AS INTEGER)`
    : sql<number>`((CAST(${sql.ref(column)} AS date) - CAST(${from} AS date)) / 7)`;
}
