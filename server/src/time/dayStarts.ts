import { startOfDayIn } from '../../../common/src/time.js';

/**
 * `startOfDayIn` remembered per zone and date. Finding a zone's offset takes tens of
 * microseconds, and the reads of a week or a year (stats, the weekly rules) ask for the same
 * few dozen days on every request. The answer for a day and zone never changes while the
 * process runs (the zone rules come with Node), so entries need no invalidation; the map is
 * emptied when it grows past its bound.
 */
const MAX_ENTRIES = 20_000;
const starts = new Map<string, string>();

export function dayStartIn(date: string, zone: string): string {
  const key = `${zone} ${date}`;
  let instant = starts.get(key);
  if (instant === undefined) {
    instant = startOfDayIn(date, zone);
    if (starts.size >= MAX_ENTRIES) starts.clear();
    starts.set(key, instant);
  }
  return instant;
}
