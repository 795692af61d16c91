import type { TrainingSession } from '#common/api/training.js';
import type { PillTone } from '../../ui';

// How the training week is put in words (no zod here: the overview uses these too).

/** The days of the week as the rule numbers them (ISO, Monday first). */
export const WEEKDAYS = [
  { day: 1, short: 'Mon', long: 'Monday' },
  { day: 2, short: 'Tue', long: 'Tuesday' },
  { day: 3, short: 'Wed', long: 'Wednesday' },
  { day: 4, short: 'Thu', long: 'Thursday' },
  { day: 5, short: 'Fri', long: 'Friday' },
  { day: 6, short: 'Sat', long: 'Saturday' },
  { day: 7, short: 'Sun', long: 'Sunday' },
] as const;

/** The local time range of a session, e.g. 12:00–12:45. */
export const timeRange = (s: Pick<TrainingSession, 'start_time' | 'end_time'>) => `${s.start_time}–${s.end_time}`;

/** A date (YYYY-MM-DD) as a short day, e.g. "Tue, Mar 3" (in the browser's language). */
export function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** A date (YYYY-MM-DD) as a long day, e.g. "Tuesday, March 3". */
export function longDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
}

export const STATUS_WORDS: Record<TrainingSession['status'], string> = {
  planned: 'Planned',
  done: 'Done',
  skipped: 'Skipped',
  released: 'Released',
};

/** The tone of a session's status pill: planned in the accent, done in green, set aside outlined. */
export const STATUS_TONES: Record<TrainingSession['status'], PillTone> = {
  planned: 'accent',
  done: 'success',
  skipped: 'outline',
  released: 'outline',
};

/** Whether a session can still be moved or skipped by the user. */
export const isOpen = (s: Pick<TrainingSession, 'status'>) => s.status === 'planned';

/**
 * Whether the session is held in the calendar, in a few words; null when the rule does not
 * write sessions to the calendar (one line above the list says so instead).
 */
export function calendarWords(s: Pick<TrainingSession, 'status' | 'calendar'>, writes: boolean): string | null {
  if (!writes) return null;
  if (s.status === 'skipped' || s.status === 'released') return 'Not in your calendar';
  switch (s.calendar) {
    case 'written':
      return 'In your calendar';
    case 'pending':
      return 'Being added to your calendar';
    case 'failed':
      return 'Not in your calendar yet: tried again at the next refresh';
    default:
      return 'Not in your calendar';
  }
}

/** Whether skipping the session removes an event from the calendar (the question says so). */
export const hasCalendarEvent = (s: Pick<TrainingSession, 'calendar'>) =>
  s.calendar === 'written' || s.calendar === 'failed' || s.calendar === 'pending';

/** The overview's line for today's session, or null when today has none to name. */
export function todayLine(sessions: ReadonlyArray<TrainingSession>, today: string): string | null {
  const s = sessions.find((x) => x.date === today && (x.status === 'planned' || x.status === 'done'));
  if (!s) return null;
  return s.status === 'done' ? `Trained today ${timeRange(s)}` : `Training today ${timeRange(s)}`;
}
