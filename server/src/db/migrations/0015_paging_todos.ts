import type { Kysely } from 'kysely';
import { summarisePlan } from '#common/workoutPlanSummary.js';

/**
 * The plan list shows a page of titles: reading each plan's whole JSON to find its title made
 * the list cost as much as shipping the plans. A plan's kind, title and duration are kept beside
 * it, written with it (plansRepo.savePlan) and filled in here for the plans already stored. A row
 * without them (written by an older writer, e.g. an import) is summarised from its JSON on read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('workout_plans').addColumn('kind', 'text').execute();
  await db.schema.alterTable('workout_plans').addColumn('title', 'text').execute();
  await db.schema.alterTable('workout_plans').addColumn('estimated_duration', 'integer').execute();
  await fillPlanSummaries(db);
  // The list's page is read from this index alone: a plan's JSON (often past SQLite's page size)
  // would otherwise be walked to reach the columns stored after it.
  await db.schema
    .createIndex('workout_plans_list_idx')
    .on('workout_plans')
    .columns(['user_id', 'date', 'id', 'kind', 'title', 'estimated_duration'])
    .execute();
}

/** Writes the summary of every stored plan that has none, 500 rows at a time. */
export async function fillPlanSummaries(db: Kysely<unknown>): Promise<void> {
  const plans = db as unknown as Kysely<{
    workout_plans: {
      id: number;
      date: string;
      plan: string;
      kind: string | null;
      title: string | null;
      estimated_duration: number | null;
    };
  }>;
  let after = 0;
  for (;;) {
    const rows = await plans
      .selectFrom('workout_plans')
      .select(['id', 'date', 'plan'])
      .where('id', '>', after)
      .where('kind', 'is', null)
      .orderBy('id')
      .limit(500)
      .execute();
    if (!rows.length) break;
    for (const row of rows) {
      const s = summarisePlan(row);
      await plans
        .updateTable('workout_plans')
        .set({ kind: s.kind, title: s.title, estimated_duration: s.estimated_duration })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows.at(-1)?.id ?? after;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('workout_plans_list_idx').execute();
  for (const column of ['estimated_duration', 'title', 'kind'])
    await db.schema.alterTable('workout_plans').dropColumn(column).execute();
}
