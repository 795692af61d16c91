import { currentWeek, isWeekEditable, nextWeekOf } from '#common/weekRules.js';

/**
 * The Monday of the week a user plans now: the current week, or on a Sunday (which belongs to
 * the week that has just ended, read-only by then) the next one. Tests that save a plan use it,
 * so that they pass on every day of the week.
 */
export function plannableWeek(zone = 'UTC'): string {
  const week = currentWeek(zone);
  return isWeekEditable(week, zone) ? week : nextWeekOf(week);
}
