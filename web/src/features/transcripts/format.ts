/** 'Thursday, March 12, 2026' for a YYYY-MM-DD day (the day itself, whatever the browser's zone). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** 'Mar 12, 2026' for list rows. */
export function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

export const typeLabel = (t: string) => (t === 'scheduled' ? 'Scheduled' : 'Impromptu');

/** '9:30 AM - 10:00 AM' in the user's zone, 'All day', or 'Time not specified' (part 1 §2). */
export function eventTimeLabel(
  e: { start: { date?: string; dateTime?: string }; end: { dateTime?: string } },
  timeZone?: string,
) {
  if (e.start.date && !e.start.dateTime) return 'All day';
  if (!e.start.dateTime) return 'Time not specified';
  const f = (iso: string) =>
    new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  return e.end.dateTime ? `${f(e.start.dateTime)} - ${f(e.end.dateTime)}` : f(e.start.dateTime);
}
