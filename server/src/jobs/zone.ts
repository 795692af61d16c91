import type { Db } from '../db/index.js';

/**
 * The user's IANA time zone. Accounts have no zone setting yet, so every user is in UTC; when
 * they get one, this is the only function to change.
 */
export async function userTimeZone(_db: Db, _userId: number): Promise<string> {
  return 'UTC';
}

/** YYYY-MM-DD of `now` in `zone`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}
