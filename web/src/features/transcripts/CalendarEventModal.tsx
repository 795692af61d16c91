import { useQuery } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import { Link } from 'react-router';
import type { CalendarEvent } from '#common/api/calendar.js';
import { TRANSCRIPT_TEXT } from '#common/api/transcripts.js';
import { type EventRange, eventRange } from '#common/transcriptRules.js';
import { messageOf } from '../../api/client';
import { useTimeZone, useToday } from '../../app/time/useToday';
import { buttonClassName, EmptyState, ErrorState, LoadingState, Modal } from '../../ui';
import { connectionState, useConnections } from '../calendar/api';
import { ExpiredNotice } from '../calendar/ExpiredNotice';
import { fetchEvents } from './api';
import { eventTimeLabel, shortDate } from './format';
import styles from './Transcript.module.css';

const RANGES: Array<{ id: EventRange; label: string }> = [
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'This Week' },
  { id: 'month', label: 'This Month' },
];

export interface CalendarEventModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen event; the caller opens the transcript modal prefilled from it. */
  onPick: (event: CalendarEvent) => void;
  /** Where focus goes on close when the control that opened the dialog is gone (see Modal). */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * Pick the calendar event a transcript records: today, this week (from Sunday) or this month,
 * up to 100 events. Without a connected calendar it points to the calendar settings; an expired
 * Google connection shows the reconnect notice, above the events of the calendars that still
 * work or alone.
 */
export function CalendarEventModal({ open, onOpenChange, onPick, returnFocus }: CalendarEventModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Transcript for a Calendar Event"
      size="lg"
      returnFocus={returnFocus}
    >
      {open && <EventPicker onPick={onPick} onClose={() => onOpenChange(false)} />}
    </Modal>
  );
}

function EventPicker({ onPick, onClose }: { onPick: (e: CalendarEvent) => void; onClose: () => void }) {
  const today = useToday();
  const zone = useTimeZone();
  const [range, setRange] = useState<EventRange>('today');
  const connections = useConnections();
  const state = connectionState(connections.data?.connections);
  const { start, end } = eventRange(range, today);
  const events = useQuery({
    queryKey: ['calendar', 'events', 'range', start, end, 'modal'],
    queryFn: () => fetchEvents(start, end),
    enabled: state.connected,
  });

  if (connections.isPending) return <LoadingState message="Checking your calendar connection..." />;
  if (state.googleExpired && !state.connected) return <ExpiredNotice onLeave={onClose} />;
  // A failed check counts as not connected (part 1 §7).
  if (!state.connected)
    return (
      <EmptyState
        title="Calendar not connected"
        message="Connect your calendar in the dashboard settings to record transcripts for your meetings."
        action={
          <Link to="/dashboard/calendar-settings" className={buttonClassName({ variant: 'primary' })} onClick={onClose}>
            Connect Calendar
          </Link>
        }
      />
    );

  // Meetings only: Daymark's own entries (a workout, a journal day) are not meetings.
  const visible = (events.data ?? []).filter((e) => !e.declined && e.daymark === null);
  return (
    <div>
      {state.googleExpired && <ExpiredNotice banner onLeave={onClose} />}
      <fieldset className={styles.segmented} aria-label="Time period">
        {RANGES.map((r) => (
          <button
            key={r.id}
            type="button"
            className={styles.segment}
            aria-pressed={range === r.id}
            onClick={() => setRange(r.id)}
          >
            {r.label}
          </button>
        ))}
      </fieldset>
      {events.isPending ? (
        <LoadingState message="Loading calendar events..." />
      ) : events.isError ? (
        <ErrorState
          message={messageOf(events.error, 'Failed to fetch events for range')}
          onRetry={() => events.refetch()}
        />
      ) : visible.length === 0 ? (
        <p className={styles.muted}>{TRANSCRIPT_TEXT.noEvents}</p>
      ) : (
        <ul className={styles.events} aria-label="Events">
          {visible.map((e) => (
            <li key={e.id}>
              <button type="button" className={`${styles.event} ${styles.eventButton}`} onClick={() => onPick(e)}>
                <span className={styles.eventMain}>
                  <span className={styles.eventTitle}>{e.summary || TRANSCRIPT_TEXT.defaultTitle}</span>
                  <span className={styles.muted}>
                    {shortDate((e.start.date ?? e.start.dateTime ?? '').slice(0, 10))} · {eventTimeLabel(e, zone)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
