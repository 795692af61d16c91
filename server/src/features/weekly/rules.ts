import { WEEKLY_TEXT } from '../../../../common/src/weeklyTexts.js';
import { isWeekEditable, weekOf, weekState } from '../../../../common/src/weekRules.js';
import { HttpError } from '../../http/errors.js';

/**
 * The server's side of the week rules: a save for a week that ended (after its Saturday 23:59 in
 * the user's zone) is refused with the spec's message, whatever path it comes through.
 */
export function assertWeekEditable(date: string, zone: string, now: number = Date.now()): string {
  const week = weekOf(date);
  if (!isWeekEditable(week, zone, now)) throw new HttpError(409, WEEKLY_TEXT.notEditable);
  return week;
}

/** The week's state as the API reports it. */
export function weekInfo(date: string, zone: string, now: number = Date.now()) {
  const s = weekState(date, zone, now);
  return {
    week: s.week,
    editable: s.editable,
    can_create_next: s.canCreateNext,
    next_week: s.nextWeek,
    editable_until: s.editableUntil,
  };
}
