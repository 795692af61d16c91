import type { Db } from '../db/index.js';

/**
 * The user's IANA time zone. Users have no zone of their own yet, so this is UTC for everyone;
 * when they do, this becomes `export { userTimeZone } from '../time/userZone.js'`.
 */
export async function userTimeZone(_db: Db, _userId: number): Promise<string> {
  return 'UTC';
}

/** The calendar date (YYYY-MM-DD) in a zone at an instant. */
export function todayIn(zone: string, now: Date | number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/** The Sunday that starts the week of a date (the spec's weeks run Sunday to Saturday). */
export function weekStartOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
