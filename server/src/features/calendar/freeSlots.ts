import { addDays } from '#common/time.js';
import type { AppContext } from '../../context.js';
import { dayStartIn, todayInZone } from '../../time/dayStarts.js';
import { inZone } from './present.js';
import { eventsInRange } from './service.js';

/**
 * Free slots: gaps of at least `minDuration` minutes between the user's timed events, inside
 * the waking-hours window (WAKING_START_HOUR to WAKING_END_HOUR in the user's zone), from now
 * through the next `days` days. All-day events (holidays, birthdays, out-of-office markers)
 * and declined invitations do not make the user busy.
 */
export const WAKING_START_HOUR = 7;
export const WAKING_END_HOUR = 21;
const MIN = 60_000;

function hourIn(date: string, hour: number, zone: string): number {
  // The day's midnight plus whole hours, then corrected through the zone so DST days keep the wall clock.
  const midnight = Date.parse(dayStartIn(date, zone));
  const guess = midnight + hour * 3600_000;
  const shown = Number(inZone(guess, zone).slice(11, 13));
  return guess + (hour - shown) * 3600_000;
}

export async function freeSlots(
  ctx: AppContext,
  userId: number,
  q: { days: number; minDuration: number; zone: string; now?: number },
) {
  const now = q.now ?? Date.now();
  const today = todayInZone(q.zone, now);
  const last = addDays(today, q.days - 1);
  const events = await eventsInRange(ctx, userId, { fromDate: today, toDate: last, maxResults: 100_000, zone: q.zone });
  const busy = events
    .filter((e) => !e.declined && e.start.dateTime && e.end.dateTime)
    .map((e) => ({ start: Date.parse(e.start.dateTime as string), end: Date.parse(e.end.dateTime as string) }))
    .sort((a, b) => a.start - b.start);
  const slots: Array<{ start: string; end: string; duration_minutes: number }> = [];
  for (let i = 0; i < q.days; i++) {
    const date = addDays(today, i);
    let from = Math.max(hourIn(date, WAKING_START_HOUR, q.zone), i === 0 ? Math.ceil(now / (5 * MIN)) * 5 * MIN : 0);
    const to = hourIn(date, WAKING_END_HOUR, q.zone);
    const push = (end: number) => {
      if (end - from >= q.minDuration * MIN) {
        slots.push({
          start: inZone(from, q.zone),
          end: inZone(end, q.zone),
          duration_minutes: Math.round((end - from) / MIN),
        });
      }
    };
    for (const b of busy) {
      if (b.end <= from || b.start >= to) continue;
      if (b.start > from) push(Math.min(b.start, to));
      from = Math.max(from, b.end);
      if (from >= to) break;
    }
    if (from < to) push(to);
  }
  return slots;
}
