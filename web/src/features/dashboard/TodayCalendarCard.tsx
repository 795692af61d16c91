import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { OverviewCalendar } from '#common/api/dashboard.js';
import { OVERVIEW_TEXT } from '#common/api/dashboardText.js';
import { Card } from '../../ui';
import { TodayEvents } from '../calendar/TodayEvents';
import styles from './Overview.module.css';

// Rarely needed, and it brings the calendar's calls and schemas: loaded only when a connection expired.
const ExpiredNotice = lazy(() => import('../calendar/ExpiredNotice').then((m) => ({ default: m.ExpiredNotice })));

export interface TodayCalendarCardProps {
  /** The overview's `calendar`: the events come with the page's one request, never fetched again. */
  calendar: OverviewCalendar;
  /** The user's zone and today, from the same reply, so times and the day match the server's. */
  zone: string;
  today: string;
}

/**
 * The overview's calendar card: today's events as the Calendar tab lists them, in the user's
 * zone. An expired Google connection shows the reconnect notice, above the events of the
 * calendars that still work or alone; until a calendar is connected the card shows the prompt
 * leading to the calendar settings.
 */
export function TodayCalendarCard({ calendar, zone, today }: TodayCalendarCardProps) {
  return (
    <Card
      title={OVERVIEW_TEXT.calendarTitle}
      aria-label={OVERVIEW_TEXT.calendarTitle}
      className={styles.calendarCard}
      actions={
        calendar.connected ? (
          <Link to="/dashboard/calendar" className={styles.textLink}>
            Open the calendar
          </Link>
        ) : undefined
      }
    >
      {calendar.expired && (
        <Suspense fallback={null}>
          <ExpiredNotice banner />
        </Suspense>
      )}
      {calendar.connected ? (
        <TodayEvents events={calendar.events} zone={zone} today={today} />
      ) : (
        !calendar.expired && (
          <div className={styles.connect}>
            <p className={styles.muted}>{OVERVIEW_TEXT.connectCalendar}</p>
            <Link to="/dashboard/calendar-settings" className={styles.textLink}>
              {OVERVIEW_TEXT.connectLink}
            </Link>
          </div>
        )
      )}
    </Card>
  );
}
