import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#common/api/calendar.js';
import { type OverviewCalendar, overviewCalendar } from '#common/api/dashboard.js';
import { TodayCalendarCard } from './TodayCalendarCard';

const ZONE = 'Pacific/Auckland';
const TODAY = '2026-03-10';
const work = { id: 'work', summary: 'Work', backgroundColor: '#0b8043', foregroundColor: '#ffffff' };

/** Events as the calendar API returns them: instants written in the user's zone. */
const event = (
  id: string,
  summary: string,
  start: CalendarEvent['start'],
  end: CalendarEvent['end'],
  extra: Partial<CalendarEvent> = {},
): CalendarEvent => ({
  id,
  etag: `"${id}"`,
  recurringEventId: null,
  summary,
  description: null,
  location: null,
  start,
  end,
  attendees: [],
  organizer: null,
  calendar: work,
  declined: false,
  provider: 'caldav',
  htmlLink: null,
  daymark: null,
  transparency: null,
  transcript_id: null,
  ...extra,
});

function render(calendar: OverviewCalendar): string {
  // The contract's schema first: the card is fed exactly what GET /api/dashboard/overview sends.
  const parsed = overviewCalendar.parse(calendar);
  return renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(TodayCalendarCard, { calendar: parsed, zone: ZONE, today: TODAY })),
  );
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the overview calendar card', () => {
  it('lists today’s events from the overview reply: all-day first, then by start, 12-hour in the user zone', () => {
    const html = render({
      connected: true,
      expired: false,
      events: [
        event(
          'review',
          'Design review',
          { dateTime: '2026-03-10T14:00:00+13:00' },
          { dateTime: '2026-03-10T15:30:00+13:00' },
        ),
        event(
          'standup',
          'Team standup',
          { dateTime: '2026-03-10T09:00:00+13:00' },
          { dateTime: '2026-03-10T09:30:00+13:00' },
          { location: 'Room 4' },
        ),
        event('holiday', 'Family day', { date: '2026-03-10' }, { date: '2026-03-11' }),
        event(
          'pitch',
          'Vendor pitch',
          { dateTime: '2026-03-10T11:00:00+13:00' },
          { dateTime: '2026-03-10T12:00:00+13:00' },
          { declined: true },
        ),
      ],
    });
    const shown = text(html);
    expect(shown).toContain("Today's Calendar");
    const order = ['Family day', 'Team standup', 'Design review'].map((s) => shown.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(shown).toContain('All day');
    expect(shown).toContain('9:00 AM - 9:30 AM');
    expect(shown).toContain('2:00 PM - 3:30 PM');
    expect(shown).toContain('Room 4');
    expect(shown).not.toContain('Vendor pitch');
    expect(html).toContain('href="/dashboard/calendar"');
  });

  it('shows the times in the user zone whatever the offset the instants were written with', () => {
    const shown = text(
      render({
        connected: true,
        expired: false,
        events: [event('call', 'Call', { dateTime: '2026-03-09T20:00:00Z' }, { dateTime: '2026-03-09T21:00:00Z' })],
      }),
    );
    expect(shown).toContain('9:00 AM - 10:00 AM');
  });

  it('says there are no events today when connected with none', () => {
    expect(text(render({ connected: true, expired: false, events: [] }))).toContain('No events today');
  });

  it('with Google expired beside a working calendar, lists that calendar’s events and no connect prompt', () => {
    const html = render({
      connected: true,
      expired: true,
      events: [
        event(
          'standup',
          'Team standup',
          { dateTime: '2026-03-10T09:00:00+13:00' },
          { dateTime: '2026-03-10T09:30:00+13:00' },
        ),
      ],
    });
    expect(text(html)).toContain('Team standup');
    expect(text(html)).not.toContain('Connect your calendar');
    expect(html).toContain('href="/dashboard/calendar"');
  });

  it('with only an expired connection, shows no connect prompt (the reconnect notice takes its place)', () => {
    const html = render({ connected: false, expired: true, events: [] });
    expect(text(html)).not.toContain('Connect your calendar');
    expect(text(html)).not.toContain('No events today');
    expect(html).not.toContain('href="/dashboard/calendar"');
  });

  it('shows the connect prompt leading to calendar settings when no calendar is connected', () => {
    const html = render({ connected: false, expired: false, events: [] });
    expect(text(html)).toContain('Connect your calendar to see today’s events here.');
    expect(html).toContain('href="/dashboard/calendar-settings"');
    expect(html).not.toContain('href="/dashboard/calendar"');
  });
});
