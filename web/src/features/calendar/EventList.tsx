import type { CSSProperties, ReactNode } from 'react';
import type { CalendarEvent } from '#common/api/calendar.js';
import styles from './calendar.module.css';
import { dateHeading, type EventGroup, timeLabel } from './eventFormat';

/** How an entry Daymark wrote to the calendar is marked: it is no meeting. */
export const DAYMARK_ENTRY = {
  workout: "Added by Daymark: the day's workout",
  journal: "Added by Daymark: the day's journal",
  training: 'Added by Daymark: time held for a training session',
} as const;

/** What a screen adds to each event row, e.g. the calendar tab's transcript button. */
export type EventAction = (event: CalendarEvent) => ReactNode;

function EventItem({ event, zone, action }: { event: CalendarEvent; zone: string; action?: EventAction }) {
  const { calendar } = event;
  const colours = {
    '--calendar-bg': calendar.backgroundColor,
    '--calendar-fg': calendar.foregroundColor,
  } as CSSProperties;
  const extra = action?.(event);
  return (
    <li className={`${styles.event} ${extra ? styles.withAction : ''}`} style={colours}>
      <span className={styles.eventTime}>{timeLabel(event, zone)}</span>
      <div className={styles.eventBody}>
        <p className={styles.eventSummary}>{event.summary || '(No title)'}</p>
        {event.location && <p className={styles.eventLocation}>{event.location}</p>}
        {event.daymark && <p className={styles.daymarkMark}>{DAYMARK_ENTRY[event.daymark]}</p>}
      </div>
      <span className={styles.calendarChip} title={`Calendar: ${calendar.summary}`}>
        {calendar.summary}
      </span>
      {extra && <div className={styles.eventAction}>{extra}</div>}
    </li>
  );
}

export interface EventListProps {
  groups: EventGroup[];
  zone: string;
  today: string;
  /** Leave out the date headings (a single day, e.g. today's list on the overview). */
  hideHeadings?: boolean;
  /** Something more at the end of each event row. */
  action?: EventAction;
}

/** Events grouped by date: a heading per day, then its events (all-day first, then by start). */
export function EventList({ groups, zone, today, hideHeadings = false, action }: EventListProps) {
  return (
    <div className={styles.groups}>
      {groups.map((g) => {
        const headingId = `events-${g.date}`;
        return (
          <section key={g.date} className={styles.group} aria-labelledby={hideHeadings ? undefined : headingId}>
            {!hideHeadings && (
              <h3 id={headingId} className={styles.groupHeading}>
                {dateHeading(g.date, today)}
              </h3>
            )}
            <ul className={styles.events} aria-label={hideHeadings ? 'Events' : undefined}>
              {g.events.map((e) => (
                <EventItem key={e.id} event={e} zone={zone} action={action} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
