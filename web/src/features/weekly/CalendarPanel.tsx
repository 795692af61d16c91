import { Link } from 'react-router';
import type { CalendarEvent } from '#common/api/calendar.js';
import { CALENDAR_LISTED, CALENDAR_WINDOW_DAYS, WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { ErrorState, Spinner } from '../../ui';
import { connectionState, useConnections } from '../calendar/api';
import { ExpiredNotice } from '../calendar/ExpiredNotice';
import { useWeekCalendar } from './api';
import { Panel } from './Panel';
import styles from './Weekly.module.css';

function when(e: CalendarEvent): string {
  if (e.start.date)
    return `${new Date(`${e.start.date}T00:00:00`).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' })} · All day`;
  const d = new Date(e.start.dateTime ?? '');
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * The events of the two weeks from the week's Monday: the first five, then how many more. An
 * expired Google connection shows the reconnect notice, above the events of the calendars that
 * still work or in place of the connect prompt.
 */
export function CalendarPanel({ week, open, onToggle }: { week: string; open: boolean; onToggle: () => void }) {
  const calendar = useWeekCalendar(week, true);
  const connections = useConnections();
  const expired = connectionState(connections.data?.connections).googleExpired;
  const body = () => {
    if (calendar.isPending) return <Spinner label="Loading calendar events..." />;
    if (calendar.isError)
      return <ErrorState message="Failed to load calendar events." onRetry={() => calendar.refetch()} />;
    if (!calendar.data.connected)
      return expired ? (
        <ExpiredNotice banner />
      ) : (
        <p className={styles.muted}>
          {WEEKLY_TEXT.connectCalendar} <Link to="/dashboard/calendar-settings">Connect your calendar</Link>
        </p>
      );
    const events = calendar.data.events;
    const notice = expired && <ExpiredNotice banner />;
    if (!events.length)
      return (
        <>
          {notice}
          <p className={styles.muted}>No events in the next {CALENDAR_WINDOW_DAYS / 7} weeks.</p>
        </>
      );
    return (
      <>
        {notice}
        <ul className={styles.events}>
          {events.slice(0, CALENDAR_LISTED).map((e) => (
            <li key={e.id}>
              <span className={styles.eventWhen}>{when(e)}</span>
              <span className={styles.eventTitle}>{e.summary || '(no title)'}</span>
            </li>
          ))}
        </ul>
        {events.length > CALENDAR_LISTED && (
          <p className={styles.muted}>{WEEKLY_TEXT.moreEvents(events.length - CALENDAR_LISTED)}</p>
        )}
      </>
    );
  };
  return (
    <Panel id="calendar-panel" title="Calendar events" open={open} onToggle={onToggle}>
      {body()}
    </Panel>
  );
}
