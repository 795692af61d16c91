import { addDays, startOfDayIn, todayIn } from '#common/time.js';
import { boundedMemo } from '../textMemo.js';

/**
 * `startOfDayIn` and `todayIn` remembered per zone. Finding a zone's offset takes tens to
 * hundreds of microseconds, and the reads of a week or a year (stats, the weekly rules, the
 * overview) ask for the same few days on every request. The start of a day in a zone never
 * changes while the process runs (the zone rules come with Node), so those entries need no
 * invalidation; "today" is kept with the instants its day starts and ends, and recomputed
 * once the clock leaves them. The maps are emptied when they grow past their bound.
 */
const MAX_ENTRIES = 20_000;
const starts = boundedMemo<string>(MAX_ENTRIES);
const todays = new Map<string, { date: string; from: number; until: number }>();

export const dayStartIn = (date: string, zone: string): string =>
  starts(`${zone} ${date}`, () => startOfDayIn(date, zone));

/** The user's today in their zone, as `todayIn`. */
export function todayInZone(zone: string, now: number | Date = Date.now()): string {
  const t = typeof now === 'number' ? now : now.getTime();
  const known = todays.get(zone);
  if (known && t >= known.from && t < known.until) return known.date;
  const date = todayIn(zone, t);
  const from = Date.parse(dayStartIn(date, zone));
  const until = Date.parse(dayStartIn(addDays(date, 1), zone));
  if (todays.size >= MAX_ENTRIES) todays.clear();
  todays.set(zone, { date, from, until });
  return date;
}

/** [start, end) of a range of days in a zone, as `dayRangeIn`. */
export const dayRangeInZone = (from: string, to: string, zone: string) => ({
  start: dayStartIn(from, zone),
  end: dayStartIn(addDays(to, 1), zone),
});
