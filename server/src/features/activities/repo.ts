import type { ActivityDetail, ActivityLap, ActivitySummary, Sport } from '#common/api/activities.js';
import type { Db } from '../../db/index.js';
import type { ActivitiesTable } from '../../db/schema.js';

/** The figures of an activity as stored (everything but its id and owner). */
export type ActivityWrite = Omit<ActivitiesTable, 'id' | 'user_id'>;

const summaryColumns = [
  'activities.id',
  'activities.date',
  'activities.start_at',
  'activities.sport',
  'activities.name',
  'activities.device',
  'activities.elapsed_s',
  'activities.moving_s',
  'activities.distance_m',
  'activities.ascent_m',
  'activities.avg_hr',
  'activities.max_hr',
  'activities.calories',
  'activities.format',
  'activities.file_name',
  'activities.laps',
  'activities.route',
] as const;

type Row = Pick<
  ActivitiesTable,
  | 'date'
  | 'start_at'
  | 'sport'
  | 'name'
  | 'device'
  | 'elapsed_s'
  | 'moving_s'
  | 'distance_m'
  | 'ascent_m'
  | 'avg_hr'
  | 'max_hr'
  | 'calories'
  | 'format'
  | 'file_name'
  | 'laps'
  | 'route'
> & { id: number; log_id: number | null };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function summaryOf(r: Row): ActivitySummary {
  const laps = JSON.parse(r.laps) as ActivityLap[];
  const route = JSON.parse(r.route) as unknown[];
  const distance = num(r.distance_m);
  const time = num(r.moving_s) ?? Number(r.elapsed_s);
  return {
    id: r.id,
    date: r.date,
    start_at: r.start_at,
    sport: r.sport as Sport,
    name: r.name,
    device: r.device,
    elapsed_s: Number(r.elapsed_s),
    moving_s: num(r.moving_s),
    distance_m: distance,
    ascent_m: num(r.ascent_m),
    avg_hr: num(r.avg_hr),
    max_hr: num(r.max_hr),
    calories: num(r.calories),
    avg_speed_mps: distance !== null && time > 0 ? distance / time : null,
    format: r.format as ActivitySummary['format'],
    file_name: r.file_name,
    has_route: route.length > 1,
    lap_count: laps.length,
    log_id: r.log_id,
  };
}

function listQuery(db: Db, userId: number) {
  return db
    .selectFrom('activities')
    .leftJoin('workout_logs', (j) =>
      j.onRef('workout_logs.user_id', '=', 'activities.user_id').onRef('workout_logs.date', '=', 'activities.date'),
    )
    .select([...summaryColumns, 'workout_logs.id as log_id'])
    .where('activities.user_id', '=', userId);
}

/** The user's activities, newest start first: `limit` from `offset`, or those of one local date. */
export async function listActivities(
  db: Db,
  userId: number,
  opts: { limit: number; offset: number; date?: string },
): Promise<{ activities: ActivitySummary[]; total: number }> {
  let page = listQuery(db, userId);
  let count = db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId);
  if (opts.date) {
    page = page.where('activities.date', '=', opts.date);
    count = count.where('date', '=', opts.date);
  }
  const [rows, total] = await Promise.all([
    page
      .orderBy('activities.start_at', 'desc')
      .orderBy('activities.id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return { activities: rows.map((r) => summaryOf(r as Row)), total: Number(total?.n ?? 0) };
}

export async function getActivity(db: Db, userId: number, id: number): Promise<ActivityDetail | undefined> {
  const row = await listQuery(db, userId).where('activities.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...summaryOf(row as Row),
    laps: JSON.parse(row.laps) as ActivityLap[],
    route: JSON.parse(row.route) as [number, number][],
  };
}

/** The original file (gzipped) and its name, of the user's activity. */
export function getOriginal(db: Db, userId: number, id: number) {
  return db
    .selectFrom('activity_files')
    .innerJoin('activities', 'activities.id', 'activity_files.activity_id')
    .select(['activity_files.data', 'activities.file_name', 'activities.format'])
    .where('activity_files.user_id', '=', userId)
    .where('activity_files.activity_id', '=', id)
    .executeTakeFirst();
}

export async function deleteActivity(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('activities').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Adds an activity with its original file, unless one with its fingerprint is there already
 * (then returns null and changes nothing).
 */
export async function insertActivity(
  db: Db,
  userId: number,
  a: ActivityWrite,
  originalGzBase64: string,
): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('activities')
      .values({ ...a, user_id: userId })
      .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    await tx
      .insertInto('activity_files')
      .values({ user_id: userId, activity_id: inserted.id, data: originalGzBase64 })
      .execute();
    return inserted.id;
  });
}

/** The figures the stats and the training load read, of the activities dated from `from` to `to`. */
export function activitiesBetween(db: Db, userId: number, from: string, to: string) {
  return db
    .selectFrom('activities')
    .select(['date', 'sport', 'elapsed_s', 'moving_s', 'distance_m', 'avg_hr'])
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

/** The newest activity, for the training load's "latest". */
export function latestActivity(db: Db, userId: number) {
  return db
    .selectFrom('activities')
    .select(['date', 'sport', 'elapsed_s', 'moving_s', 'distance_m'])
    .where('user_id', '=', userId)
    .orderBy('start_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
