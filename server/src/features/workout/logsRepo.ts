import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';

export interface LogRow {
  id: number;
  date: string;
  entry: string;
  workout_completion: string | null;
  workout_skipped: number;
  workout_done: number | null;
  plan_id: number | null;
}
const columns = ['id', 'date', 'entry', 'workout_completion', 'workout_skipped', 'workout_done', 'plan_id'] as const;

/** The user's logs, newest date first (one log per date; ties, if any, by id): `limit` from `offset`. */
export function listLogs(db: Db, userId: number, opts: { limit: number; offset?: number }): Promise<LogRow[]> {
  return logsQuery.execute(db, { userId, limit: opts.limit, offset: opts.offset ?? 0 });
}

// The history's reads and the day's log (read by every log save too): compiled once (db/prepared.ts).
const logsQuery = prepared<{ userId: number; limit: number; offset: number }, LogRow>((db, p) =>
  db
    .selectFrom('workout_logs')
    .select(columns)
    .where('user_id', '=', p.userId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);
const countQuery = prepared<{ userId: number }, { n: number | string }>((db, p) =>
  db
    .selectFrom('workout_logs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', p.userId),
);
const byDateQuery = prepared<{ userId: number; date: string }, LogRow>((db, p) =>
  db.selectFrom('workout_logs').select(columns).where('user_id', '=', p.userId).where('date', '=', p.date),
);

/** How many logs the user has. */
export async function countLogs(db: Db, userId: number): Promise<number> {
  return Number((await countQuery.executeTakeFirst(db, { userId }))?.n ?? 0);
}

export function getLogByDate(db: Db, userId: number, date: string): Promise<LogRow | undefined> {
  return byDateQuery.executeTakeFirst(db, { userId, date });
}

type LogWrite = {
  date: string;
  entry: string;
  workout_completion: string | null;
  workout_skipped: number;
  /** Default: done unless skipped. */
  workout_done?: number;
  /** The plan the log is for; left out or null: the log's plan so far, else the date's current plan. */
  plan_id?: number | null;
};

// Every log save (the log page, MCP): compiled once, the update taking the new row's values.
const saveQuery = prepared<Required<LogWrite> & { userId: number; now: string }, LogRow>((db, p) =>
  db
    .insertInto('workout_logs')
    .values({
      user_id: p.userId,
      date: p.date,
      entry: p.entry,
      workout_completion: p.workout_completion,
      workout_skipped: p.workout_skipped,
      workout_done: p.workout_done,
      plan_id: (eb) =>
        eb.fn.coalesce(
          eb.val(p.plan_id),
          eb
            .selectFrom('workout_plans')
            .select('id')
            .where('user_id', '=', p.userId)
            .where('date', '=', p.date)
            .where('replaced_at', 'is', null),
        ),
      created_at: p.now,
      updated_at: p.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'date']).doUpdateSet((eb) => ({
        entry: eb.ref('excluded.entry'),
        workout_completion: eb.ref('excluded.workout_completion'),
        workout_skipped: eb.ref('excluded.workout_skipped'),
        workout_done: eb.ref('excluded.workout_done'),
        // Saving again keeps the log's plan unless the save names one.
        plan_id: eb.fn.coalesce(eb.val(p.plan_id), eb.ref('workout_logs.plan_id'), eb.ref('excluded.plan_id')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(columns),
);

/** One log per date: saving again updates it (its creation time stays). */
export async function saveLog(db: Db, userId: number, l: LogWrite): Promise<LogRow> {
  return saveQuery.executeTakeFirstOrThrow(db, {
    userId,
    ...l,
    workout_done: l.workout_done ?? (l.workout_skipped ? 0 : 1),
    plan_id: l.plan_id ?? null,
    now: nowIso(),
  });
}

export async function deleteLog(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('workout_logs').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
