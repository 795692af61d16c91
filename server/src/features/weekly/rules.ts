import { addDays } from '#common/time.js';
import { WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { isWeekEditable, weekOf } from '#common/weekRules.js';
import { HttpError } from '../../http/errors.js';
import { boundedMemo } from '../../textMemo.js';
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

/** A date's week and the instants that bound its editing, by zone and date (frozen, shared). */
interface WeekBounds {
  week: string;
  next_week: string;
  editable_until: string;
  editableUntilMs: number;
  nextWeekOpensMs: number;
}
const bounds = boundedMemo<WeekBounds>(5_000);

const boundsOf = (date: string, zone: string): WeekBounds =>
  bounds(`${zone} ${date}`, () => {
    const week = weekOf(date);
    const editableUntil = dayStartIn(addDays(week, 6), zone);
    return Object.freeze({
      week,
      next_week: addDays(week, 7),
      editable_until: editableUntil,
      editableUntilMs: Date.parse(editableUntil),
      nextWeekOpensMs: Date.parse(dayStartIn(addDays(week, 4), zone)),
    });
  });

/**
 * The week's state as the API reports it: `weekState` of the shared rules (its Saturday 23:59
 * and Friday 00:00 in the user's zone), with the week's dates and day starts remembered per
 * zone and date (they never change; only the comparisons with `now` are made per call).
 */
export function weekInfo(date: string, zone: string, now: number = Date.now()) {
  const b = boundsOf(date, zone);
  return {
    week: b.week,
    editable: now < b.editableUntilMs,
    can_create_next: now >= b.nextWeekOpensMs,
    next_week: b.next_week,
    editable_until: b.editable_until,
  };
}
