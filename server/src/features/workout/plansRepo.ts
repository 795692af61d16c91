import { sql } from 'kysely';
import { type PlanSummary, planListResponse } from '../../../../common/src/api/workout.js';
import { summarisePlan } from '../../../../common/src/workoutPlanSummary.js';
import type { Db } from '../../db/index.js';
import { pageAsJson, pageColumn } from '../../db/jsonRows.js';
import { type Dialect, nowIso } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
import { compileResponseSerializer } from '../../http/serializer.js';

export interface PlanRow {
  id: number;
  date: string;
  plan: string;
  plan_uuid: string | null;
  focus: string | null;
  intensity: string | null;
}
const columns = ['id', 'date', 'plan', 'plan_uuid', 'focus', 'intensity'] as const;

/** The user's plans, newest date first (one plan per date; ties, if any, by id): `limit` from `offset`. */
export function listPlans(db: Db, userId: number, opts: { limit: number; offset?: number }): Promise<PlanRow[]> {
  return plansQuery.execute(db, { userId, limit: opts.limit, offset: opts.offset ?? 0 });
}

/*
 * The reads of the Today screen and the history (the latest plan, a page of plans and their
 * count, one plan) are compiled once (db/prepared.ts): building them cost a sixth of the read.
 */
type Page = { userId: number; limit: number; offset: number };
const plansQuery = prepared<Page, PlanRow>((db, p) =>
  db
    .selectFrom('workout_plans')
    .select(columns)
    .where('user_id', '=', p.userId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);
const summariesPage = (db: Db, p: Page) =>
  db
    .selectFrom('workout_plans')
    .select(['id', 'date', 'kind', 'title', 'estimated_duration'])
    .where('user_id', '=', p.userId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset);
const summariesQuery = prepared<
  Page,
  Pick<PlanSummary, 'id' | 'date' | 'estimated_duration'> & { kind: string | null; title: string | null }
>(summariesPage);
/**
 * The same page written by SQLite (`db/jsonRows.ts`), unless a row has no stored summary (an
 * import: summarised from its JSON by the app) or a fractional duration (SQLite writes a REAL in
 * its own notation).
 */
const summariesJsonQuery = prepared<Page, { json: string; unwritable: number }>((db, p) =>
  pageAsJson(
    summariesPage(db, p),
    ['id', 'date', 'kind', ['title', sql`coalesce(${pageColumn('title')}, '')`], 'estimated_duration'],
    sql`${pageColumn('kind')} is null or typeof(${pageColumn('estimated_duration')}) = 'real'`,
  ),
);
const countQuery = prepared<{ userId: number }, { n: number | string }>((db, p) =>
  db
    .selectFrom('workout_plans')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', p.userId),
);
const byDateQuery = prepared<{ userId: number; date: string }, PlanRow>((db, p) =>
  db.selectFrom('workout_plans').select(columns).where('user_id', '=', p.userId).where('date', '=', p.date),
);
const byIdQuery = prepared<{ userId: number; id: number }, PlanRow>((db, p) =>
  db.selectFrom('workout_plans').select(columns).where('user_id', '=', p.userId).where('id', '=', p.id),
);

/**
 * A page of the user's plans as the list shows them, in listPlans' order, without their JSON:
 * the summary kept beside each plan, read from an index alone (workout_plans_list_idx). A row
 * stored without one (an import) is summarised from its JSON, read for those rows only.
 */
export async function listPlanSummaries(
  db: Db,
  userId: number,
  opts: { limit: number; offset?: number },
): Promise<PlanSummary[]> {
  const rows = await summariesQuery.execute(db, { userId, limit: opts.limit, offset: opts.offset ?? 0 });
  const missing = rows.filter((r) => r.kind === null).map((r) => r.id);
  const json = new Map<number, string>();
  if (missing.length) {
    const plans = await db
      .selectFrom('workout_plans')
      .select(['id', 'plan'])
      .where('user_id', '=', userId)
      .where('id', 'in', missing)
      .execute();
    for (const p of plans) json.set(p.id, p.plan);
  }
  return rows.map((r) =>
    r.kind === null
      ? summarisePlan({ id: r.id, date: r.date, plan: json.get(r.id) ?? '' })
      : {
          id: r.id,
          date: r.date,
          kind: r.kind as PlanSummary['kind'],
          title: r.title ?? '',
          estimated_duration: r.estimated_duration,
        },
  );
}

const writePlanList = compileResponseSerializer(planListResponse);

/**
 * A page of plan summaries and the count, as the answer's JSON text: on SQLite written by the
 * database itself where it can (`summariesJsonQuery`), else by the route's serialiser.
 */
export async function listPlanSummariesJson(
  db: Db,
  dialect: Dialect,
  userId: number,
  opts: { limit: number; offset: number },
): Promise<string> {
  const p = { userId, limit: opts.limit, offset: opts.offset };
  if (dialect === 'sqlite') {
    const [page, total] = await Promise.all([summariesJsonQuery.executeTakeFirst(db, p), countPlans(db, userId)]);
    if (page && !page.unwritable) return `{"plans":${page.json},"total":${total}}`;
  }
  const [plans, total] = await Promise.all([listPlanSummaries(db, userId, opts), countPlans(db, userId)]);
  return writePlanList({ plans, total });
}

/** How many plans the user has. */
export async function countPlans(db: Db, userId: number): Promise<number> {
  return Number((await countQuery.executeTakeFirst(db, { userId }))?.n ?? 0);
}

export function getPlanByDate(db: Db, userId: number, date: string): Promise<PlanRow | undefined> {
  return byDateQuery.executeTakeFirst(db, { userId, date });
}

export function getPlanById(db: Db, userId: number, id: number): Promise<PlanRow | undefined> {
  return byIdQuery.executeTakeFirst(db, { userId, id });
}

/** The plan for `date` if there is one, else the one with the latest date. */
export async function getLatestPlan(db: Db, userId: number, today: string): Promise<PlanRow | undefined> {
  return (await getPlanByDate(db, userId, today)) ?? (await listPlans(db, userId, { limit: 1 }))[0];
}

// Every progress read and save checks the plan first: compiled once (db/prepared.ts).
const planIdQuery = prepared<{ userId: number; planUuid: string }, { id: number }>((db, p) =>
  db.selectFrom('workout_plans').select('id').where('user_id', '=', p.userId).where('plan_uuid', '=', p.planUuid),
);

export function planUuidExists(db: Db, userId: number, planUuid: string) {
  return planIdQuery.executeTakeFirst(db, { userId, planUuid }).then(Boolean);
}

/** Stores the plan for its date, replacing an earlier one; returns the row and the replaced plan's uuid. */
export async function savePlan(
  db: Db,
  userId: number,
  p: { date: string; plan: string; plan_uuid: string; focus: string | null; intensity: string | null; source: string },
): Promise<{ row: PlanRow; replacedUuid: string | null }> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('workout_plans')
      .select('plan_uuid')
      .where('user_id', '=', userId)
      .where('date', '=', p.date)
      .executeTakeFirst();
    const now = nowIso();
    const { kind, title, estimated_duration } = summarisePlan({ id: -1, date: p.date, plan: p.plan });
    const summary = { kind, title, estimated_duration };
    const row = await trx
      .insertInto('workout_plans')
      .values({ user_id: userId, ...p, ...summary, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'date']).doUpdateSet({
          ...summary,
          plan: p.plan,
          plan_uuid: p.plan_uuid,
          focus: p.focus,
          intensity: p.intensity,
          source: p.source,
          updated_at: now,
        }),
      )
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { row, replacedUuid: previous?.plan_uuid ?? null };
  });
}

/** Deletes one of the user's plans; returns its uuid, or undefined when it is not theirs. */
export async function deletePlan(db: Db, userId: number, id: number): Promise<{ planUuid: string | null } | undefined> {
  const row = await db
    .deleteFrom('workout_plans')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('plan_uuid')
    .executeTakeFirst();
  return row ? { planUuid: row.plan_uuid } : undefined;
}
