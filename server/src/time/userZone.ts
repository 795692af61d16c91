import { DEFAULT_TIME_ZONE } from '#common/time.js';
import type { Db } from '../db/index.js';
import { todayInZone } from './dayStarts.js';

/**
 * A user's IANA zone ('UTC' until one is set), for code that runs outside a request (jobs, MCP
 * tools). Request handlers read it from the session: `userOf(request).timeZone`.
 */
export async function userTimeZone(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst();
  return row?.timezone ?? DEFAULT_TIME_ZONE;
}

export async function userToday(db: Db, userId: number, now: number | Date = Date.now()): Promise<string> {
  return todayInZone(await userTimeZone(db, userId), now);
}

export async function setUserTimeZone(db: Db, userId: number, zone: string): Promise<void> {
  await db.updateTable('users').set({ timezone: zone }).where('id', '=', userId).execute();
}
