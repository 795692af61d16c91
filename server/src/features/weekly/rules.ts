import { addDays } from '../../../../common/src/time.js';
import { WEEKLY_TEXT } from '../../../../common/src/weeklyTexts.js';
import { isWeekEditable, weekOf } from '../../../../common/src/weekRules.js';
import { HttpError } from '../../http/errors.js';
import { dayStartIn } from '../../time/dayStarts.js';

/**
 * The server's side of the week rules: a save for a week that ended (after its Saturday 23:59 in
 * the user's zone) is refused with the spec's message, whatever path it comes through.
 */
export function assertWeekEditable(date: string, zone: string, now: number = Date.now()): string {
  const week = weekOf(date);
  if (!isWeekEditable(week, zone, now)) throw new HttpError(409, WEEKLY_TEXT.notEditable);
  return week;
}

/**
 * The week's state as the API reports it: `weekState` of the shared rules (its Saturday 23:59
 * and Friday 00:00 in the user's zone), with the day starts remembered, since finding them
 * cost more than the rest of reading a plan.
 */
export function weekInfo(date: string, zone: string, now: number = Date.now()) {
  const week = weekOf(date);
  const editableUntil = dayStartIn(addDays(week, 6), zone);
  const nextWeekOpensAt = dayStartIn(addDays(week, 4), zone);
  return {
    week,
    editable: now < Date.parse(editableUntil),
    can_create_next: now >= Date.parse(nextWeekOpensAt),
    next_week: addDays(week, 7),
    editable_until: editableUntil,
  };
}
