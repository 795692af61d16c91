import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../migrationHelpers.js';

/**
 * Weekly roll-ups of the stats page (features/stats/rollups.ts): one row per user and week (its
 * Sunday), holding that week's part of the page as JSON, computed on the first read after a
 * change and read again until the next one. Every write to a table the page counts bumps the
 * week's `gen` (triggers below); a row is used only while `computed_gen` (the `gen` read before
 * its figures were computed) equals `gen`, so a change that lands while the figures are being
 * computed leaves the row stale rather than wrong. `zone` and `through` (the last day counted)
 * say for which time zone and day the figures hold.
 *
 * Tables and the day they are counted by; todos count by the instant they were done, whose
 * local day may be the UTC day before or after: both weeks are bumped.
 */
export const STATS_SOURCES: ReadonlyArray<{ table: string; column: string; instant?: boolean }> = [
  { table: 'workout_logs', column: 'date' },
  { table: 'workout_plans', column: 'date' },
  { table: 'journal_entries', column: 'date' },
  { table: 'transcripts', column: 'date' },
  { table: 'exercise_feedback', column: 'workout_date' },
  { table: 'training_sessions', column: 'date' },
  { table: 'activities', column: 'date' },
  { table: 'todos', column: 'completed_at', instant: true },
];

/** SQLite: the Sunday of a YYYY-MM-DD text (NULL for anything else). */
const sqliteSunday = (day: string) => `date(${day}, '-' || strftime('%w', ${day}) || ' days')`;

function sqliteBump(row: 'NEW' | 'OLD', column: string, instant: boolean): string {
  const day = `substr(${row}.${column}, 1, 10)`;
  const weeks = instant
    ? `SELECT ${sqliteSunday(`date(${day}, '-1 day')`)} AS w UNION SELECT ${sqliteSunday(`date(${day}, '+1 day')`)}`
    : `SELECT ${sqliteSunday(`date(${day})`)} AS w`;
  // Only for a user that still exists: deleting an account deletes its rows, whose triggers
  // must not write a row for it again.
  return `INSERT INTO stats_weeks (user_id, week_start, gen, computed_gen)
    SELECT ${row}.user_id, w, 1, 0 FROM (${weeks})
    WHERE w IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = ${row}.user_id)
    ORDER BY w
    ON CONFLICT (user_id, week_start) DO UPDATE SET gen = gen + 1`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('stats_weeks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('gen', 'integer', (c) => c.notNull())
    .addColumn('computed_gen', 'integer', (c) => c.notNull())
    .addColumn('zone', 'text')
    .addColumn('through', 'text')
    .addColumn('data', 'text')
    .addPrimaryKeyConstraint('stats_weeks_pk', ['user_id', 'week_start'])
    .execute();

  if (dialect === 'sqlite') {
    for (const s of STATS_SOURCES) {
      const instant = Boolean(s.instant);
      await sql
        .raw(
          `CREATE TRIGGER ${s.table}_stats_ai AFTER INSERT ON ${s.table} BEGIN ${sqliteBump('NEW', s.column, instant)}; END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${s.table}_stats_au AFTER UPDATE ON ${s.table} BEGIN ${sqliteBump('OLD', s.column, instant)}; ${sqliteBump('NEW', s.column, instant)}; END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${s.table}_stats_ad AFTER DELETE ON ${s.table} BEGIN ${sqliteBump('OLD', s.column, instant)}; END`,
        )
        .execute(db);
    }
    return;
  }

  // PostgreSQL: one function bumps the week(s) of a day; the month is checked by the pattern and
  // the day added as a number, so no text can make the write that fires it fail.
  await sql
    .raw(`CREATE FUNCTION stats_weeks_bump(uid integer, d text, spread boolean) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        day date;
      BEGIN
        IF d IS NULL OR d !~ '^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}' THEN RETURN; END IF;
        day := CAST(left(d, 7) || '-01' AS date) + (CAST(substr(d, 9, 2) AS integer) - 1);
        INSERT INTO stats_weeks (user_id, week_start, gen, computed_gen)
          SELECT uid, w, 1, 0 FROM (
            SELECT DISTINCT to_char(x - CAST(extract(dow FROM x) AS integer), 'YYYY-MM-DD') AS w
            FROM unnest(CASE WHEN spread THEN ARRAY[day - 1, day + 1] ELSE ARRAY[day] END) AS x
          ) weeks
          WHERE EXISTS (SELECT 1 FROM users WHERE id = uid)
          ORDER BY w
          ON CONFLICT (user_id, week_start) DO UPDATE SET gen = stats_weeks.gen + 1;
      END $$`)
    .execute(db);
  for (const s of STATS_SOURCES) {
    const spread = s.instant ? 'true' : 'false';
    await sql
      .raw(`CREATE FUNCTION ${s.table}_stats() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN PERFORM stats_weeks_bump(OLD.user_id, CAST(OLD.${s.column} AS text), ${spread}); END IF;
          IF TG_OP <> 'DELETE' THEN PERFORM stats_weeks_bump(NEW.user_id, CAST(NEW.${s.column} AS text), ${spread}); END IF;
          RETURN NULL;
        END $$`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${s.table}_stats AFTER INSERT OR UPDATE OR DELETE ON ${s.table} FOR EACH ROW EXECUTE FUNCTION ${s.table}_stats()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  for (const s of STATS_SOURCES) {
    if (dialect === 'sqlite') {
      for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${s.table}_stats_${t}`).execute(db);
    } else {
      await sql.raw(`DROP TRIGGER IF EXISTS ${s.table}_stats ON ${s.table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${s.table}_stats()`).execute(db);
    }
  }
  if (dialect === 'postgres')
    await sql.raw('DROP FUNCTION IF EXISTS stats_weeks_bump(integer, text, boolean)').execute(db);
  await db.schema.dropTable('stats_weeks').ifExists().execute();
}
