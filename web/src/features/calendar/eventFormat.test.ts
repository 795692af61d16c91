import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#common/api/calendar.js';
import { classifyCallbackError } from './callbackErrors';
import { dateHeading, groupEvents, hasStarted, monthsBefore, pastRangeStart, timeLabel } from './eventFormat';

const cal = { id: 'work', summary: 'Work', backgroundColor: '#0b8043', foregroundColor: '#ffffff' };
function ev(
  id: string,
  start: CalendarEvent['start'],
  end: CalendarEvent['end'] = {},
  extra: Partial<CalendarEvent> = {},
) {
  return {
    id,
    etag: null,
    recurringEventId: null,
    summary: id,
    description: null,
    location: null,
    start,
    end,
    attendees: [],
    organizer: null,
    calendar: cal,
    declined: false,
    provider: 'caldav',
    htmlLink: null,
    daymark: null,
    transparency: null,
    transcript_id: null,
    ...extra,
  } satisfies CalendarEvent;
}

describe('timeLabel', () => {
  it("writes 12-hour 'start - end' in the user's zone, not the machine's", () => {
    const e = ev('standup', { dateTime: '2026-03-10T14:00:00Z' }, { dateTime: '2026-03-10T14:30:00Z' });
    expect(timeLabel(e, 'America/New_York')).toBe('10:00 AM - 10:30 AM');
    expect(timeLabel(e, 'Asia/Tokyo')).toBe('11:00 PM - 11:30 PM');
  });
  it("says 'All day' for a date and 'Time not specified' without a time", () => {
    expect(timeLabel(ev('a', { date: '2026-03-10' }, { date: '2026-03-11' }), 'UTC')).toBe('All day');
    expect(timeLabel(ev('b', {}), 'UTC')).toBe('Time not specified');
    expect(timeLabel(ev('c', { dateTime: 'garbage' }), 'UTC')).toBe('Time not specified');
  });
});

describe('groupEvents', () => {
  const late = ev('late', { dateTime: '2026-02-10T23:30:00-05:00' }, { dateTime: '2026-02-11T00:30:00-05:00' });
  const early = ev('early', { dateTime: '2026-02-10T08:00:00-05:00' });
  const allDay = ev('holiday', { date: '2026-02-10' }, { date: '2026-02-11' });
  const declined = ev('declined', { dateTime: '2026-02-10T09:00:00-05:00' }, {}, { declined: true });

  it("groups by the user's date, all-day first then by start, declined left out", () => {
    const groups = groupEvents([late, early, declined, allDay], 'America/New_York');
    expect(groups).toHaveLength(1);
    expect(groups[0]?.date).toBe('2026-02-10');
    expect(groups[0]?.events.map((e) => e.id)).toEqual(['holiday', 'early', 'late']);
  });

  it('a different zone moves an event to another day', () => {
    const groups = groupEvents([late, early, allDay], 'Europe/Berlin');
    expect(groups.map((g) => [g.date, g.events.map((e) => e.id)])).toEqual([
      ['2026-02-10', ['holiday', 'early']],
      ['2026-02-11', ['late']],
    ]);
  });

  it('lists events begun before the range under its first day and can put the newest day first', () => {
    const multi = ev('trip', { date: '2026-02-08' }, { date: '2026-02-12' });
    const next = ev('next', { dateTime: '2026-02-11T10:00:00Z' });
    const groups = groupEvents([next, multi, early], 'UTC', { fromDate: '2026-02-10', newestFirst: true });
    expect(groups.map((g) => [g.date, g.events.map((e) => e.id)])).toEqual([
      ['2026-02-11', ['next']],
      ['2026-02-10', ['trip', 'early']],
    ]);
  });
});

describe('past ranges', () => {
  it('0.03 is yesterday, 0.25 the Sunday of this week, whole numbers months back', () => {
    expect(pastRangeStart(0.03, '2026-03-10')).toBe('2026-03-09');
    expect(pastRangeStart(0.25, '2026-03-10')).toBe('2026-03-08');
    expect(pastRangeStart(0.25, '2026-03-08')).toBe('2026-03-08');
    expect(pastRangeStart(1, '2026-03-10')).toBe('2026-02-10');
    expect(pastRangeStart(12, '2026-03-10')).toBe('2025-03-10');
  });
  it('clamps to the end of shorter months and crosses years', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 3)).toBe('2025-10-15');
  });
  it('an event is past once it has started', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(hasStarted(ev('a', { dateTime: '2026-03-10T11:59:00Z' }), now, '2026-03-10')).toBe(true);
    expect(hasStarted(ev('b', { dateTime: '2026-03-10T12:01:00Z' }), now, '2026-03-10')).toBe(false);
    expect(hasStarted(ev('c', { date: '2026-03-10' }), now, '2026-03-10')).toBe(true);
    expect(hasStarted(ev('d', { date: '2026-03-11' }), now, '2026-03-10')).toBe(false);
  });
});

describe('dateHeading', () => {
  it('names today, tomorrow and yesterday, and writes the long date', () => {
    expect(dateHeading('2026-03-10', '2026-03-10')).toBe('Today · Tuesday, March 10, 2026');
    expect(dateHeading('2026-03-11', '2026-03-10')).toBe('Tomorrow · Wednesday, March 11, 2026');
    expect(dateHeading('2026-03-09', '2026-03-10')).toBe('Yesterday · Monday, March 9, 2026');
    expect(dateHeading('2026-03-01', '2026-03-10')).toBe('Sunday, March 1, 2026');
  });
});

describe('classifyCallbackError', () => {
  it("recognises the spec's failure kinds", () => {
    expect(classifyCallbackError('access_denied')).toBe('denied');
    expect(classifyCallbackError('invalid_grant', 'Bad Request')).toBe('invalid_grant');
    expect(classifyCallbackError('network_error', 'Failed to connect to the server')).toBe('network');
    expect(classifyCallbackError('token_exchange_failed', 'insufficient scope granted')).toBe('scope');
    expect(classifyCallbackError('redirect_uri_mismatch')).toBe('redirect');
    expect(classifyCallbackError('invalid_state', 'The state does not match')).toBe('state');
    expect(classifyCallbackError('whatever')).toBe('other');
  });
});
