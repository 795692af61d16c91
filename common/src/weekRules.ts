import { addDays, mondayOf, startOfDayIn, todayIn } from './time.js';

/**
 * The weekly plan's rules (part 2 §4 'Weekly plan', §9), in the user's zone, used by the server
 * to enforce them and by the editor to show them. A week is named by its Monday (YYYY-MM-DD).
 */

/** Any date named as a week becomes that week's Monday; a Sunday belongs to the previous Monday. */
export const weekOf = (date: string) => mondayOf(date);

/** The week a user is in now: the default week of the editor. */
export const currentWeek = (zone: string, now: number | Date = Date.now()) => mondayOf(todayIn(zone, now));

/** The week after a week (date plus 7 days, normalised). */
export const nextWeekOf = (date: string) => addDays(weekOf(date), 7);

/**
 * The instant a week stops being editable: the end of its Saturday 23:59, i.e. the start of its
 * Sunday in the user's zone (which is right across DST changes, unlike adding hours).
 */
export const editableUntil = (date: string, zone: string) => startOfDayIn(addDays(weekOf(date), 6), zone);

/** Whether a week's plan may still be saved: up to its Saturday 23:59 (future weeks always). */
export const isWeekEditable = (date: string, zone: string, now: number | Date = Date.now()) =>
  new Date(now).getTime() < Date.parse(editableUntil(date, zone));

/** The instant 'Create Next Week's Plan' appears for a week: its Friday 00:00 in the user's zone. */
export const nextWeekOpensAt = (date: string, zone: string) => startOfDayIn(addDays(weekOf(date), 4), zone);

/** Whether 'Create Next Week's Plan' is offered for a week (from its Friday 00:00 onward). */
export const canCreateNextWeek = (date: string, zone: string, now: number | Date = Date.now()) =>
  new Date(now).getTime() >= Date.parse(nextWeekOpensAt(date, zone));

/** The state of a week for the editor and the server, computed once. */
export interface WeekState {
  week: string;
  editable: boolean;
  canCreateNext: boolean;
  nextWeek: string;
  editableUntil: string;
}

export function weekState(date: string, zone: string, now: number | Date = Date.now()): WeekState {
  const week = weekOf(date);
  return {
    week,
    editable: isWeekEditable(week, zone, now),
    canCreateNext: canCreateNextWeek(week, zone, now),
    nextWeek: nextWeekOf(week),
    editableUntil: editableUntil(week, zone),
  };
}
