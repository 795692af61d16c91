import type { Sport } from '#common/api/activities.js';
import type { Stats, StatsWeek } from '#common/api/stats.js';
import { addDays } from '#common/time.js';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { dayStartIn } from '../../time/dayStarts.js';
import { activitiesBetween } from '../activities/repo.js';
import * as trainingRepo from '../training/repo.js';
import * as repo from './repo.js';

/**
 * The stats page by week. Each week's part (its counts, outcomes, verdicts, energy, recorded
 * activities and heart rate) depends only on the rows dated in that week, so it is kept in
 * `stats_weeks` (migration 0034) once computed, and a read of a year computes only the weeks
 * changed since (usually none, or the current one): the page no longer reads a year of a user's
 * rows per request. Triggers bump a week's `gen` on every write it counts; a row is used while
 * its `computed_gen` equals `gen`, it was computed for the user's current zone and through the
 * same last day (the current week's changes with each day).
 */
export interface WeekPart {
  counts: Omit<StatsWeek, 'start'>;
  outcomes: repo.Outcomes;
  verdicts: repo.Verdicts;
  /** [date, level] of each morning note with an energy level. */
  energy: Array<[string, number]>;
  /** Minutes and kilometres by sport, not rounded. */
  activities: Array<{ sport: Sport; minutes: number; km: number }>;
  /** [date, beats × seconds, seconds] of each day with a heart rate. */
  heartRate: Array<[string, number, number]>;
}

const emptyCounts = (): WeekPart['counts'] => ({
  workouts: 0,
  minutes: 0,
  mornings: 0,
  evenings: 0,
  todosCompleted: 0,
  meetings: 0,
  sessionsPlanned: 0,
  sessionsDone: 0,
});

/** The index of the week (by its Sunday in `starts`) a date falls in, or -1. */
const weekIndex = (starts: readonly string[], date: string) => starts.findLastIndex((s) => s <= date);

/** The weeks `starts` (consecutive Sundays) computed from the rows, through the day `to`. */
export async function computeWeeks(
  db: Db,
  dialect: Dialect,
  userId: number,
  zone: string,
  starts: readonly string[],
  to: string,
): Promise<WeekPart[]> {
  const from = starts[0] ?? to;
  const bounds = { starts, to };
  const instants = { starts: starts.map((s) => dayStartIn(s, zone)), end: dayStartIn(addDays(to, 1), zone) };
  const [workouts, journal, todos, meetings, outcomes, verdicts, energy, sessions, logged, activities] =
    await Promise.all([
      repo.workoutsPerWeek(db, userId, bounds),
      repo.journalPerWeek(db, userId, bounds),
      repo.todosPerWeek(db, dialect, userId, instants),
      repo.meetingsPerWeek(db, userId, bounds),
      repo.exerciseOutcomesPerWeek(db, userId, bounds),
      repo.feedbackPerWeek(db, userId, bounds),
      repo.energyLevels(db, userId, from, to),
      trainingRepo.listBetween(db, userId, from, to),
      trainingRepo.loggedDates(db, userId, from, to),
      activitiesBetween(db, userId, from, to),
    ]);
  const parts: WeekPart[] = starts.map((_, i) => ({
    counts: emptyCounts(),
    outcomes: outcomes[i] ?? { completed: 0, partial: 0, skipped: 0 },
    verdicts: verdicts[i] ?? { like: {}, dislike: {} },
    energy: [],
    activities: [],
    heartRate: [],
  }));
  for (const rows of [workouts, journal, todos, meetings])
    for (const { week, ...values } of rows) {
      const part = parts[week];
      if (part) Object.assign(part.counts, values);
    }
  // Training sessions held, and done (a log on its day), per week; released ones do not count.
  for (const r of sessions) {
    const part = parts[weekIndex(starts, r.date)];
    if (!part || r.status === 'released') continue;
    part.counts.sessionsPlanned++;
    if (r.status === 'planned' && logged.has(r.date)) part.counts.sessionsDone++;
  }
  for (const e of energy) parts[weekIndex(starts, e.date)]?.energy.push([e.date, e.level]);
  // Recorded activities: minutes and kilometres by sport, and each day's heart rate (the
  // activities' averages weighted by their time).
  for (const r of activities) {
    const part = parts[weekIndex(starts, r.date)];
    if (!part) continue;
    const seconds = Number(r.moving_s ?? r.elapsed_s);
    let sport = part.activities.find((a) => a.sport === r.sport);
    if (!sport) {
      sport = { sport: r.sport as Sport, minutes: 0, km: 0 };
      part.activities.push(sport);
    }
    sport.minutes += seconds / 60;
    sport.km += Number(r.distance_m ?? 0) / 1000;
    if (r.avg_hr !== null && seconds > 0) {
      let day = part.heartRate.find((d) => d[0] === r.date);
      if (!day) {
        day = [r.date, 0, 0];
        part.heartRate.push(day);
      }
      day[1] += Number(r.avg_hr) * seconds;
      day[2] += seconds;
    }
  }
  return parts;
}

/** The last day a week's figures count: its Saturday, or `to` in the current week. */
const throughOf = (start: string, to: string) => {
  const saturday = addDays(start, 6);
  return saturday < to ? saturday : to;
};

/**
 * The parts of the weeks `starts`, from `stats_weeks` where they hold and computed (and kept)
 * where not: the weeks from the first to the last that do not hold, in one computation.
 */
export async function weekParts(
  db: Db,
  dialect: Dialect,
  user: { id: number; timeZone: string },
  starts: readonly string[],
  to: string,
): Promise<WeekPart[]> {
  const first = starts[0];
  const last = starts.at(-1);
  if (!first || !last) return [];
  const kept = await db
    .selectFrom('stats_weeks')
    .select(['week_start', 'gen', 'computed_gen', 'zone', 'through', 'data'])
    .where('user_id', '=', user.id)
    .where('week_start', '>=', first)
    .where('week_start', '<=', last)
    .execute();
  const byWeek = new Map(kept.map((r) => [r.week_start, r]));
  const parts: Array<WeekPart | undefined> = starts.map((start) => {
    const r = byWeek.get(start);
    const holds = r?.data && r.gen === r.computed_gen && r.zone === user.timeZone && r.through === throughOf(start, to);
    return holds ? (JSON.parse(r.data as string) as WeekPart) : undefined;
  });
  const lo = parts.findIndex((p) => !p);
  if (lo < 0) return parts as WeekPart[];
  const hi = parts.findLastIndex((p) => !p);
  const stale = starts.slice(lo, hi + 1);
  const computed = await computeWeeks(
    db,
    dialect,
    user.id,
    user.timeZone,
    stale,
    throughOf(stale.at(-1) as string, to),
  );
  const rows = stale.map((start, i) => ({
    user_id: user.id,
    week_start: start,
    gen: 0,
    // The generation read before computing: a write since then leaves the row stale.
    computed_gen: Number(byWeek.get(start)?.gen ?? 0),
    zone: user.timeZone,
    through: throughOf(start, to),
    data: JSON.stringify(computed[i]),
  }));
  await db
    .insertInto('stats_weeks')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['user_id', 'week_start']).doUpdateSet((eb) => ({
        computed_gen: eb.ref('excluded.computed_gen'),
        zone: eb.ref('excluded.zone'),
        through: eb.ref('excluded.through'),
        data: eb.ref('excluded.data'),
      })),
    )
    .execute();
  for (let i = 0; i < stale.length; i++) parts[lo + i] = computed[i];
  return parts as WeekPart[];
}

const byCountThenName = (a: [string, number], b: [string, number]) =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function top(counts: Map<string, number>, n = 10) {
  return [...counts.entries()]
    .sort(byCountThenName)
    .slice(0, n)
    .map(([name, count]) => ({ name, count }));
}

/** The page's figures from its weeks' parts (weeks by their Sunday, `starts`). */
export function assemble(
  starts: readonly string[],
  parts: readonly WeekPart[],
): Pick<Stats, 'weeks' | 'exerciseOutcomes' | 'feedback' | 'energy' | 'activityWeeks' | 'heartRate'> {
  const exerciseOutcomes = { completed: 0, partial: 0, skipped: 0 };
  const liked = new Map<string, number>();
  const disliked = new Map<string, number>();
  const out: ReturnType<typeof assemble> = {
    weeks: [],
    exerciseOutcomes,
    feedback: { liked: [], disliked: [] },
    energy: [],
    activityWeeks: [],
    heartRate: [],
  };
  parts.forEach((part, i) => {
    const start = starts[i] as string;
    out.weeks.push({ start, ...part.counts });
    exerciseOutcomes.completed += part.outcomes.completed;
    exerciseOutcomes.partial += part.outcomes.partial;
    exerciseOutcomes.skipped += part.outcomes.skipped;
    for (const [name, n] of Object.entries(part.verdicts.like)) liked.set(name, (liked.get(name) ?? 0) + n);
    for (const [name, n] of Object.entries(part.verdicts.dislike)) disliked.set(name, (disliked.get(name) ?? 0) + n);
    for (const [date, level] of part.energy) out.energy.push({ date, level });
    for (const a of part.activities)
      out.activityWeeks.push({
        start,
        sport: a.sport,
        minutes: Math.round(a.minutes),
        distance_km: Math.round(a.km * 10) / 10,
      });
    for (const [date, beats, seconds] of part.heartRate)
      out.heartRate.push({ date, avg_hr: Math.round(beats / seconds) });
  });
  out.feedback = { liked: top(liked), disliked: top(disliked) };
  return out;
}
