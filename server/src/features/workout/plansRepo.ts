import { sql } from 'kysely';
import { type PlanSummary, planListResponse } from '#common/api/workout.js';
import { summarisePlan } from '#common/workoutPlanSummary.js';
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
  /** When a newer plan of its date replaced it; null for the date's current plan. */
  replaced_at: string | null;
}
const columns = ['id', 'date', 'plan', 'plan_uuid', 'focus', 'intensity', 'replaced_at'] as const;

/**
 * The user's current plans (one per date, earlier versions left out), newest date first:
 * `limit` from `offset`.
 */
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
    .where('replaced_at', 'is', null)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);
/** Every plan, earlier versions included, newest date first and within a date the newest first. */
const summariesPage = (db: Db, p: Page) =>
  db
    .selectFrom('workout_plans')
    .select(['id', 'date', 'kind', 'title', 'estimated_duration', 'replaced_at'])
    .where('user_id', '=', p.userId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset);
const summariesQuery = prepared<
  Page,
  Pick<PlanSummary, 'id' | 'date' | 'estimated_duration'> & {
    kind: string | null;
    title: string | null;
    replaced_at: string | null;
  }
>(summariesPage);
/**
 * The same page written by SQLite (`db/jsonRows.ts`), unless a row has no stored summary (an
 * import: summarised from its JSON by the app) or a fractional duration (SQLite writes a REAL in
 * its own notation).
 */
const summariesJsonQuery = prepared<Page, { json: string; unwritable: number }>((db, p) =>
  pageAsJson(
    summariesPage(db, p),
    [
      'id',
      'date',
      'kind',
      ['title', sql`coalesce(${pageColumn('title')}, '')`],
      'estimated_duration',
      ['replaced', sql`iif(${pageColumn('replaced_at')} is null, json('false'), json('true'))`],
    ],
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
  db
    .selectFrom('workout_plans')
    .select(columns)
    .where('user_id', '=', p.userId)
    .where('date', '=', p.date)
    .where('replaced_at', 'is', null),
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
      ? { ...summarisePlan({ id: r.id, date: r.date, plan: json.get(r.id) ?? '' }), replaced: r.replaced_at !== null }
      : {
          id: r.id,
          date: r.date,
          kind: r.kind as PlanSummary['kind'],
          title: r.title ?? '',
          estimated_duration: r.estimated_duration,
          replaced: r.replaced_at !== null,
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

/** How many plans the user has, earlier versions included (the history lists them all). */
export async function countPlans(db: Db, userId: number): Promise<number> {
  return Number((await countQuery.executeTakeFirst(db, { userId }))?.n ?? 0);
}

/** The current plan of a date (not an earlier version). */
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

/**
 * Stores the plan as its date's current plan. A current plan that has marked exercises or a log
 * is kept as an earlier version (its `replaced_at` set; the log keeps pointing at it); one with
 * neither is overwritten (same id), and its uuid is returned so its progress can be cleared.
 */
export async function savePlan(
  db: Db,
  userId: number,
  p: { date: string; plan: string; plan_uuid: string; focus: string | null; intensity: string | null; source: string },
): Promise<{ row: PlanRow; replacedUuid: string | null; keptId: number | null }> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('workout_plans')
      .select(['id', 'plan_uuid'])
      .where('user_id', '=', userId)
      .where('date', '=', p.date)
      .where('replaced_at', 'is', null)
      .executeTakeFirst();
    const now = nowIso();
    const { kind, title, estimated_duration } = summarisePlan({ id: -1, date: p.date, plan: p.plan });
    const values = { ...p, kind, title, estimated_duration, updated_at: now };
    if (previous && !(await hasWork(trx, userId, previous.id, previous.plan_uuid, p.date))) {
      const row = await trx
        .updateTable('workout_plans')
        .set(values)
        .where('id', '=', previous.id)
        .returning(columns)
        .executeTakeFirstOrThrow();
      return { row, replacedUuid: previous.plan_uuid, keptId: null };
    }
    if (previous) {
      await trx.updateTable('workout_plans').set({ replaced_at: now }).where('id', '=', previous.id).execute();
      // The date's log is this plan's: it stays with it rather than passing to the new plan.
      await trx
        .updateTable('workout_logs')
        .set({ plan_id: previous.id })
        .where('user_id', '=', userId)
        .where('date', '=', p.date)
        .where('plan_id', 'is', null)
        .execute();
    }
    const row = await trx
      .insertInto('workout_plans')
      .values({ user_id: userId, ...values, created_at: now })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { row, replacedUuid: null, keptId: previous?.id ?? null };
  });
}

/**
 * Whether a plan has work a new plan must not overwrite: a marked exercise, or a log (the
 * date's log when it names this plan or no plan).
 */
async function hasWork(db: Db, userId: number, planId: number, planUuid: string | null, date: string) {
  const log = await db
    .selectFrom('workout_logs')
    .select('id')
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .where((eb) => eb.or([eb('plan_id', '=', planId), eb('plan_id', 'is', null)]))
    .executeTakeFirst();
  if (log) return true;
  if (!planUuid) return false;
  const mark = await db
    .selectFrom('exercise_progress')
    .select('id')
    .where('user_id', '=', userId)
    .where('workout_uuid', '=', planUuid)
    .limit(1)
    .executeTakeFirst();
  return Boolean(mark);
}

/** The user's plan of `date` a log may name: the current one or an earlier version of that date. */
export async function planOfDate(db: Db, userId: number, id: number, date: string): Promise<boolean> {
  const row = await db
    .selectFrom('workout_plans')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('date', '=', date)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Deletes one of the user's plans; returns its uuid, or undefined when it is not theirs. Deleting
 * a date's current plan brings back its newest earlier version, if any, as the current one.
 */
export async function deletePlan(db: Db, userId: number, id: number): Promise<{ planUuid: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('workout_plans')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(['plan_uuid', 'date', 'replaced_at'])
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.replaced_at === null) {
      const earlier = await trx
        .selectFrom('workout_plans')
        .select('id')
        .where('user_id', '=', userId)
        .where('date', '=', row.date)
        .orderBy('replaced_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (earlier)
        await trx.updateTable('workout_plans').set({ replaced_at: null }).where('id', '=', earlier.id).execute();
    }
    return { planUuid: row.plan_uuid };
  });
}
