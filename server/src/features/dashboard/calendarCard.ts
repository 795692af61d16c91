import type { OverviewCalendar } from '../../../../common/src/api/dashboard.js';
import type { Db } from '../../db/index.js';

/**
 * Today's events for the overview's calendar card: the one place the overview asks the calendar
 * feature. Until calendars can be connected it answers "not connected", which shows the prompt
 * linking to the calendar settings.
 */
export async function todaysCalendar(
  _db: Db,
  _userId: number,
  _day: { date: string; timeZone: string },
): Promise<OverviewCalendar> {
  return { connected: false, events: [] };
}
