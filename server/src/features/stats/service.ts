import { STATS_RANGES, type Stats, type StatsRange, type StatsWeek } from '../../../../common/src/api/stats.js';
import { addDays, daysBetween, startOfDayIn, sundayOf, todayIn } from '../../../../common/src/time.js';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import * as repo from './repo.js';

/**
 * Days in a row with a completed workout. The current streak runs back from today, or from
 * yesterday while today has none yet (the day is not over); the longest is over all the dates.
 */
export function streaks(datesAscending: string[], today: string): { current: number; longest: number } {
  let longest = 0;
  let run = 0;
  let prev: string | undefined;
  for (const d of datesAscending) {
    run = prev !== undefined && daysBetween(prev, d) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = d;
  }
  const done = new Set(datesAscending);
  let day = done.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (done.has(day)) {
    current++;
    day = addDays(day, -1);
  }
  return { current, longest };
}

/** Everything the stats page draws, over the last weeks of the user's (Sunday-start weeks). */
export async function stats(
  db: Db,
  dialect: Dialect,
  user: { id: number; timeZone: string },
  range: StatsRange,
  now: number = Date.now(),
): Promise<Stats> {
  const to = todayIn(user.timeZone, now);
  const count = STATS_RANGES[range];
  const from = addDays(sundayOf(to), -7 * (count - 1));
  const starts = Array.from({ length: count }, (_, i) => addDays(from, 7 * i));
  const bounds = { starts, to };
  const instants = {
    starts: starts.map((s) => startOfDayIn(s, user.timeZone)),
    end: startOfDayIn(addDays(to, 1), user.timeZone),
  };

  const [workouts, journal, todos, meetings, dates, exerciseOutcomes, liked, disliked, energy] = await Promise.all([
    repo.workoutsPerWeek(db, dialect, user.id, bounds),
    repo.journalPerWeek(db, user.id, bounds),
    repo.todosPerWeek(db, user.id, instants),
    repo.meetingsPerWeek(db, user.id, bounds),
    repo.completedDates(db, user.id, to),
    repo.exerciseOutcomes(db, dialect, user.id, from, to),
    repo.feedbackCounts(db, user.id, 'like', from, to),
    repo.feedbackCounts(db, user.id, 'dislike', from, to),
    repo.energyLevels(db, dialect, user.id, from, to),
  ]);

  const weeks: StatsWeek[] = starts.map((start) => ({
    start,
    workouts: 0,
    minutes: 0,
    mornings: 0,
    evenings: 0,
    todosCompleted: 0,
    meetings: 0,
  }));
  for (const rows of [workouts, journal, todos, meetings]) {
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
    streak: streaks(dates, to),
    exerciseOutcomes,
    feedback: { liked, disliked },
    energy,
  };
}
