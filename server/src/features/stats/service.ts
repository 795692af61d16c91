import type { Sport } from '#common/api/activities.js';
import { STATS_RANGES, type Stats, type StatsRange, type StatsWeek } from '#common/api/stats.js';
import { addDays, sundayOf } from '#common/time.js';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { boundedMemo, frozen } from '../../textMemo.js';
import { dayStartIn, todayInZone } from '../../time/dayStarts.js';
import { activitiesBetween } from '../activities/repo.js';
import * as trainingRepo from '../training/repo.js';
import * as repo from './repo.js';

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * Days in a row with a completed workout. The current streak runs back from today, or from
 * yesterday while today has none yet (the day is not over); the longest is over all the days.
 * Days are counted from 1970-01-01, ascending, none after today.
 */
export function streaks(daysAscending: number[], today: number): { current: number; longest: number } {
  let longest = 0;
  let run = 0;
  let prev = Number.NaN;
  for (const day of daysAscending) {
    if (day === prev) continue;
    run = day - prev === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = day;
  }
  // `run` is now the run ending on the last day: current if that day is today or yesterday.
  const current = daysAscending.length > 0 && today - prev <= 1 ? run : 0;
  return { current, longest };
}

interface Weeks {
  from: string;
  /** Each week's Sunday. */
  starts: readonly string[];
  /** The instants those Sundays start in the zone, and the instant the day after `to` starts. */
  instants: { starts: readonly string[]; end: string };
}

/**
 * The weeks of a range are the same for every request of a day (a year is 53 dates and 54 day
 * starts in the zone), so they are kept by zone, last day and number of weeks, frozen because
 * every request shares them.
 */
const weekSets = boundedMemo<Weeks>(5_000);

function weeksEndingOn(to: string, count: number, zone: string): Weeks {
  return weekSets(`${zone} ${to} ${count}`, () => {
    const from = addDays(sundayOf(to), -7 * (count - 1));
    const starts = Array.from({ length: count }, (_, i) => addDays(from, 7 * i));
    return frozen({
      from,
      starts,
      instants: { starts: starts.map((s) => dayStartIn(s, zone)), end: dayStartIn(addDays(to, 1), zone) },
    });
  });
}

/** Training sessions held and done per week of the range (weeks by their Sunday, `starts`). */
async function sessionsPerWeek(db: Db, userId: number, from: string, to: string, starts: readonly string[]) {
  const [rows, logged] = await Promise.all([
    trainingRepo.listBetween(db, userId, from, to),
    trainingRepo.loggedDates(db, userId, from, to),
  ]);
  const perWeek = new Map<number, { week: number; sessionsPlanned: number; sessionsDone: number }>();
  for (const r of rows) {
    if (r.status === 'released') continue;
    const week = starts.findLastIndex((s) => s <= r.date);
    if (week < 0) continue;
    const w = perWeek.get(week) ?? { week, sessionsPlanned: 0, sessionsDone: 0 };
    w.sessionsPlanned++;
    if (r.status === 'planned' && logged.has(r.date)) w.sessionsDone++;
    perWeek.set(week, w);
  }
  return [...perWeek.values()];
}

/**
 * Imported activities of the range: minutes and kilometres per week and sport, and each day's
 * average heart rate (the activities' averages weighted by their time).
 */
async function activityFigures(db: Db, userId: number, from: string, to: string, starts: readonly string[]) {
  const rows = await activitiesBetween(db, userId, from, to);
  const weeks = new Map<string, Stats['activityWeeks'][number]>();
  const hr = new Map<string, { beats: number; seconds: number }>();
  for (const r of rows) {
    const start = starts.findLast((s) => s <= r.date);
    if (!start) continue;
    const seconds = Number(r.moving_s ?? r.elapsed_s);
    const key = `${start}|${r.sport}`;
    const w = weeks.get(key) ?? { start, sport: r.sport as Sport, minutes: 0, distance_km: 0 };
    w.minutes += seconds / 60;
    w.distance_km += Number(r.distance_m ?? 0) / 1000;
    weeks.set(key, w);
    if (r.avg_hr !== null && seconds > 0) {
      const d = hr.get(r.date) ?? { beats: 0, seconds: 0 };
      d.beats += Number(r.avg_hr) * seconds;
      d.seconds += seconds;
      hr.set(r.date, d);
    }
  }
  return {
    activityWeeks: [...weeks.values()].map((w) => ({
      ...w,
      minutes: Math.round(w.minutes),
      distance_km: Math.round(w.distance_km * 10) / 10,
    })),
    heartRate: [...hr.entries()].map(([date, d]) => ({ date, avg_hr: Math.round(d.beats / d.seconds) })),
  };
}

/** Everything the stats page draws, over the last weeks of the user's (Sunday-start weeks). */
export async function stats(
  db: Db,
  dialect: Dialect,
  user: { id: number; timeZone: string },
  range: StatsRange,
  now: number = Date.now(),
): Promise<Stats> {
  const to = todayInZone(user.timeZone, now);
  const { from, starts, instants } = weeksEndingOn(to, STATS_RANGES[range], user.timeZone);
  const bounds = { starts, to };

  const [workouts, journal, todos, meetings, days, exerciseOutcomes, liked, disliked, energy] = await Promise.all([
    repo.workoutsPerWeek(db, user.id, bounds),
    repo.journalPerWeek(db, user.id, bounds),
    repo.todosPerWeek(db, dialect, user.id, instants),
    repo.meetingsPerWeek(db, user.id, bounds),
    repo.completedDays(db, user.id, to),
    repo.exerciseOutcomes(db, user.id, from, to),
    repo.feedbackCounts(db, user.id, 'like', from, to),
    repo.feedbackCounts(db, user.id, 'dislike', from, to),
    repo.energyLevels(db, user.id, from, to),
  ]);
  const sessions = await sessionsPerWeek(db, user.id, from, to, starts);

  const weeks: StatsWeek[] = starts.map((start) => ({
    start,
    workouts: 0,
    minutes: 0,
    mornings: 0,
    evenings: 0,
    todosCompleted: 0,
    meetings: 0,
    sessionsPlanned: 0,
    sessionsDone: 0,
  }));
  for (const rows of [workouts, journal, todos, meetings, sessions]) {
    for (const { week, ...values } of rows) {
      const target = weeks[week];
      if (target) Object.assign(target, values);
    }
  }

  return {
    range,
    from,
    to,
    timeZone: user.timeZone,
    weeks,
    streak: streaks(days, dayNumber(to)),
    exerciseOutcomes,
    feedback: { liked, disliked },
    energy,
    ...(await activityFigures(db, user.id, from, to, starts)),
  };
}
