import { presetOf } from '#common/cronSchedule.js';

/** A date and time the way people say it, e.g. "Mon, Nov 23, 2:00 PM", in the schedule's zone. */
export function formatWhen(iso: string | Date, zone: string): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return d.toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  });
}

/** The preset's name for a schedule, else the expression itself. */
export const scheduleLabel = (schedule: string) => presetOf(schedule)?.label ?? schedule;
