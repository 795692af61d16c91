import { STATS_RANGES, type Stats, type StatsRange } from '#common/api/stats.js';
import { addDays, sundayOf } from '#common/time.js';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { boundedMemo, frozen } from '../../textMemo.js';
import { todayInZone } from '../../time/dayStarts.js';
import * as repo from './repo.js';
import { assemble, computeWeeks, weekParts } from './rollups.js';

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
}

/**
 * The weeks of a range are the same for every request of a day, so they are kept by zone, last
 * day and number of weeks, frozen because every request shares them.
 */
const weekSets = boundedMemo<Weeks>(5_000);

function weeksEndingOn(to: string, count: number, zone: string): Weeks {
  return weekSets(`${zone} ${to} ${count}`, () => {
    const from = addDays(sundayOf(to), -7 * (count - 1));
    return frozen({ from, starts: Array.from({ length: count }, (_, i) => addDays(from, 7 * i)) });
  });
}

/** Everything the stats page draws, over the last weeks of the user's (Sunday-start weeks). */
export async function stats(
  db: Db,
  dialect: Dialect,
  user: { id: number; timeZone: string },
  range: StatsRange,
  now: number = Date.now(),
  options: { rollups?: boolean } = {},
): Promise<Stats> {
  const to = todayInZone(user.timeZone, now);
  const { from, starts } = weeksEndingOn(to, STATS_RANGES[range], user.timeZone);
  const [parts, days] = await Promise.all([
    options.rollups === false
      ? computeWeeks(db, dialect, user.id, user.timeZone, starts, to)
      : weekParts(db, dialect, user, starts, to),
    repo.completedDays(db, user.id, to),
  ]);
  return { range, from, to, timeZone: user.timeZone, streak: streaks(days, dayNumber(to)), ...assemble(starts, parts) };
}
