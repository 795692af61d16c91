import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAST_MAX_EVENTS, PAST_RANGES, TODAY_MAX_EVENTS, UPCOMING_DAYS } from '#common/api/calendar.js';
import { dateInZone } from '#common/time.js';
import { messageOf } from '../../api/client';
import { useAppletState } from '../../app/appletState';
import { useTimeZone, useToday } from '../../app/time/useToday';
import { Button, Card, Select, useToast } from '../../ui';
import { RefreshIcon } from '../../ui/icons';
import { type TranscriptDraft, TranscriptModal } from '../transcripts';
import { calendarApi, calendarKeys, isCalendarExpired, useConnections } from './api';
import { CalendarEvents, type EventsWindow, todayWindow, upcomingWindow } from './CalendarEvents';
import { TodayQuickTranscripts, TranscriptsForDay, useEventTranscriptAction } from './CalendarTranscripts';
import styles from './calendar.module.css';
import { SETTINGS_PATH } from './ExpiredNotice';
import { formatTime, PAST_RANGE_LABELS, type PastRange, pastRangeStart } from './eventFormat';

type View = 'today' | 'upcoming' | 'past';
const VIEWS: Array<{ id: View; label: string }> = [
  { id: 'today', label: 'Today' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'past', label: 'Past Events' },
];
/** Not shown in the spec: the past view starts at one month back. */
export const DEFAULT_PAST_RANGE: PastRange = 1;

function windowFor(view: View, range: PastRange, today: string): EventsWindow {
  if (view === 'upcoming') return upcomingWindow(today, UPCOMING_DAYS, PAST_MAX_EVENTS);
  if (view === 'past') {
    return {
      startDate: pastRangeStart(range, today),
      endDate: today,
      maxResults: PAST_MAX_EVENTS,
      past: true,
      emptyTitle: `No events ${range === 0.03 ? 'since yesterday' : `in ${PAST_RANGE_LABELS[range].toLowerCase()}`}`,
    };
  }
  return todayWindow(today, TODAY_MAX_EVENTS);
}

function LastSync() {
  const zone = useTimeZone();
  const today = useToday();
  const connections = useConnections();
  const times = (connections.data?.connections ?? [])
    .map((c) => c.last_sync_time)
    .filter((t): t is string => t !== null)
    .sort();
  const last = times.at(-1);
  if (!last) return null;
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: zone }).format(
    new Date(last),
  );
  const sameDay = dateInZone(last, zone) === today;
  return <>Last synced {sameDay ? formatTime(last, zone) : `${day}, ${formatTime(last, zone)}`}</>;
}

/**
 * /dashboard/calendar: today's, upcoming and past events from the connected calendars, each
 * marked with its transcript; beside them the quick transcript panel and the transcripts of a day.
 */
export function CalendarPage() {
  const today = useToday();
  const qc = useQueryClient();
  const toast = useToast();
  const [view, setView] = useAppletState<View>('dashboard', 'calendarView', 'today');
  const [range, setRange] = useAppletState<PastRange>('dashboard', 'calendarPastRange', DEFAULT_PAST_RANGE);
  const [refreshing, setRefreshing] = useState(false);
  const safeView = VIEWS.some((v) => v.id === view) ? view : 'today';
  const safeRange = (PAST_RANGES as readonly number[]).includes(range) ? range : DEFAULT_PAST_RANGE;
  const shown = windowFor(safeView, safeRange as PastRange, today);
  const [transcriptDate, setTranscriptDate] = useState(today);
  const [draft, setDraft] = useState<Partial<TranscriptDraft> | null>(null);
  const openTranscript = (d: Partial<TranscriptDraft>) => {
    setDraft(d);
    if (d.date) setTranscriptDate(d.date);
  };
  const eventAction = useEventTranscriptAction(openTranscript);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await calendarApi.refresh();
    } catch (error) {
      // An expiry shows in the list below once the queries reload; anything else is told here.
      if (!isCalendarExpired(error))
        toast.error(messageOf(error, 'Failed to refresh your calendars. Please try again.'));
    } finally {
      await qc.invalidateQueries({ queryKey: calendarKeys.all });
      setRefreshing(false);
    }
  };

  return (
    <div className={styles.layout}>
      <Card
        className={styles.page}
        title="Calendar"
        description={<LastSync />}
        actions={
          <Button icon={<RefreshIcon />} onClick={refresh} loading={refreshing} aria-label="Refresh events">
            Refresh
          </Button>
        }
        footer={
          <nav aria-label="Calendar links" className={styles.footerLinks}>
            <Link to={SETTINGS_PATH}>Calendar Settings</Link>
            <Link to="/dashboard/coach-settings">Coach Settings</Link>
          </nav>
        }
      >
        <div className={styles.toolbar}>
          <fieldset className={styles.views}>
            <legend className="visually-hidden">Show</legend>
            {VIEWS.map((v) => (
              <button
                key={v.id}
                type="button"
                className={styles.viewButton}
                aria-pressed={safeView === v.id}
                onClick={() => setView(v.id)}
              >
                {v.label}
              </button>
            ))}
          </fieldset>
          {safeView === 'past' && (
            <Select
              className={styles.rangeSelect}
              label="Range"
              hideLabel
              value={String(safeRange)}
              onChange={(e) => setRange(Number(e.target.value) as PastRange)}
              options={PAST_RANGES.map((r) => ({ value: String(r), label: PAST_RANGE_LABELS[r] }))}
            />
          )}
        </div>
        <CalendarEvents window={shown} action={eventAction} />
      </Card>
      <aside className={styles.side} aria-label="Meeting transcripts">
        <TodayQuickTranscripts />
        <TranscriptsForDay date={transcriptDate} onDateChange={setTranscriptDate} />
      </aside>
      <TranscriptModal
        open={draft !== null}
        onOpenChange={(o) => !o && setDraft(null)}
        mode="full"
        initial={draft ?? undefined}
        onSaved={(t) => setTranscriptDate(t.date)}
      />
    </div>
  );
}
