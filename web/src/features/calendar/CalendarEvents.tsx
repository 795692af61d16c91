import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CALENDAR_TEXT } from '#common/api/calendar.js';
import { addDays } from '#common/time.js';
import { useTimeZone, useToday } from '../../app/time/useToday';
import { EmptyState, ErrorState, LinkButton, LoadingState } from '../../ui';
import { calendarKeys, connectionState, fetchEventsRange, isCalendarExpired, useConnections } from './api';
import { CalendarIcon } from './CalendarIcon';
import { type EventAction, EventList } from './EventList';
import { ExpiredNotice, SETTINGS_PATH } from './ExpiredNotice';
import { groupEvents, hasStarted } from './eventFormat';
import { useVisibleAgain } from './useVisibleAgain';

/** Which events a list shows: a range of the user's days, inclusive. */
export interface EventsWindow {
  startDate: string;
  endDate: string;
  maxResults: number;
  /** The past view: only events that have started, newest day first. */
  past?: boolean;
  /** Shown when the range has no events. */
  emptyTitle: string;
}

export function todayWindow(today: string, maxResults: number): EventsWindow {
  return { startDate: today, endDate: today, maxResults, emptyTitle: 'No events today' };
}

export const upcomingWindow = (today: string, days: number, maxResults: number): EventsWindow => ({
  startDate: addDays(today, 1),
  endDate: addDays(today, days),
  maxResults,
  emptyTitle: `No events in the next ${days} days`,
});

/** When no calendar is connected: a way to calendar-settings. */
export function ConnectPrompt({ compact }: { compact?: boolean }) {
  return (
    <EmptyState
      compact={compact}
      icon={<CalendarIcon />}
      title="No calendar connected"
      message="Connect Google Calendar, a CalDAV calendar (Nextcloud, Fastmail, iCloud, Radicale) or an .ics subscription to see your events here."
      action={
        <LinkButton to={SETTINGS_PATH} variant="primary">
          Connect a calendar
        </LinkButton>
      }
    />
  );
}

/**
 * The events of a window from the connected calendars, grouped by the user's days, with the
 * loading, empty, not-connected and expired states. An expired Google connection beside working
 * ones shows the reconnect notice above the others' events; alone, the notice stands in their
 * place. Reloads when the tab becomes visible again.
 * (The dashboard overview draws the events its own request returns through TodayEvents.)
 */
export function CalendarEvents({
  window: w,
  compact = false,
  action,
}: {
  window: EventsWindow;
  compact?: boolean;
  /** Something more at the end of each event row (the calendar tab's transcript button). */
  action?: EventAction;
}) {
  const zone = useTimeZone();
  const today = useToday();
  const qc = useQueryClient();
  const connections = useConnections();
  const state = connectionState(connections.data?.connections);
  const events = useQuery({
    queryKey: calendarKeys.range(w.startDate, w.endDate, w.maxResults),
    queryFn: () => fetchEventsRange(w.startDate, w.endDate, w.maxResults),
    enabled: state.connected,
  });
  useVisibleAgain(() => {
    void qc.invalidateQueries({ queryKey: calendarKeys.connections });
    void qc.invalidateQueries({ queryKey: calendarKeys.events });
  });

  const groups = useMemo(() => {
    const now = Date.now();
    const list = w.past ? (events.data ?? []).filter((e) => hasStarted(e, now, today)) : (events.data ?? []);
    return groupEvents(list, zone, { fromDate: w.startDate, newestFirst: w.past });
  }, [events.data, zone, today, w.past, w.startDate]);

  // No calendar can be read: the server says so, or the only connections are expired.
  if (
    isCalendarExpired(connections.error) ||
    isCalendarExpired(events.error) ||
    (state.googleExpired && !state.connected)
  ) {
    return <ExpiredNotice />;
  }
  if (connections.isPending) return <LoadingState message={CALENDAR_TEXT.loading} />;
  if (connections.isError) {
    return (
      <ErrorState
        compact={compact}
        message={connections.error.message}
        onRetry={() => connections.refetch()}
        retrying={connections.isFetching}
      />
    );
  }
  if (!state.connected) return <ConnectPrompt compact={compact} />;
  const list = events.isPending ? (
    <LoadingState message={CALENDAR_TEXT.loading} />
  ) : events.isError ? (
    <ErrorState
      compact={compact}
      message={events.error.message}
      onRetry={() => events.refetch()}
      retrying={events.isFetching}
    />
  ) : groups.length === 0 ? (
    <EmptyState compact title={w.emptyTitle} icon={<CalendarIcon />} />
  ) : (
    <EventList groups={groups} zone={zone} today={today} action={action} />
  );
  if (!state.googleExpired) return list;
  // Google expired beside working calendars: say so, and list what can still be read.
  return (
    <>
      <ExpiredNotice banner />
      {list}
    </>
  );
}
