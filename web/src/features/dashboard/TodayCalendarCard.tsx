import { Link } from 'react-router';
import { OVERVIEW_TEXT, type OverviewCalendar } from '../../../../common/src/api/dashboard';
import { Card } from '../../ui';
import styles from './Overview.module.css';

/**
 * The overview's calendar card. This is the one place today's events are mounted: the calendar
 * feature's `TodayEvents` list goes in the connected branch. Until a calendar is connected the
 * card shows the prompt leading to the calendar settings.
 */
export function TodayCalendarCard({ calendar }: { calendar: OverviewCalendar }) {
  return (
    <Card title={OVERVIEW_TEXT.calendarTitle} className={styles.calendarCard}>
      {calendar.connected ? (
        <p className={styles.muted}>
          {calendar.events.length === 0
            ? 'No events today.'
            : `${calendar.events.length} event${calendar.events.length === 1 ? '' : 's'} today.`}{' '}
          <Link to="/dashboard/calendar">Open the calendar</Link>
        </p>
      ) : (
        <div className={styles.connect}>
          <p className={styles.muted}>{OVERVIEW_TEXT.connectCalendar}</p>
          <Link to="/dashboard/calendar-settings" className={styles.textLink}>
            {OVERVIEW_TEXT.connectLink}
          </Link>
        </div>
      )}
    </Card>
  );
}
