import { useMemo } from 'react';
import type { CalendarEvent } from '#common/api/calendar.js';
import { EmptyState } from '../../ui';
import { CalendarIcon } from './CalendarIcon';
import { EventList } from './EventList';
import { groupEvents } from './eventFormat';

export interface TodayEventsProps {
  /** Today's events as the calendar API returns them (someone else fetched them). */
  events: CalendarEvent[];
  /** The user's IANA zone and their today (YYYY-MM-DD). */
  zone: string;
  today: string;
}

/**
 * Today's events in the user's zone, ready to embed (the dashboard overview's "today's calendar"):
 * the Calendar tab's rows without the date heading, all-day first, declined invitations left out.
 * It draws what it is given, so a page that already has the events makes no second request.
 */
export function TodayEvents({ events, zone, today }: TodayEventsProps) {
  // Events that began on an earlier day (multi-day ones) are listed under today.
  const groups = useMemo(() => groupEvents(events, zone, { fromDate: today }), [events, zone, today]);
  if (groups.length === 0) return <EmptyState compact title="No events today" icon={<CalendarIcon />} />;
  return <EventList groups={groups} zone={zone} today={today} hideHeadings />;
}
