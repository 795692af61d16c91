import { useQuery } from '@tanstack/react-query';
import { TODAY_MAX_EVENTS } from '#common/api/calendar.js';
import { TRANSCRIPT_TEXT } from '#common/api/transcripts.js';
import { addDays } from '#common/time.js';
import { prefillFromEvent } from '#common/transcriptRules.js';
import { useTimeZone, useToday } from '../../app/time/useToday';
import { Button, TextField } from '../../ui';
import { CheckIcon, PlusIcon } from '../../ui/icons';
import { editDraftOf, QuickTranscriptPanel, type TranscriptDraft, TranscriptsForDate } from '../transcripts';
import { calendarKeys, connectionState, fetchEventsRange, useConnections } from './api';
import styles from './calendar.module.css';
import type { EventAction } from './EventList';
import { eventStartDate } from './eventFormat';

/** Whether a calendar can be read now (a connection works; an expired Google one beside it is left out). */
export function useCalendarReadable(): boolean {
  const connections = useConnections();
  const state = connectionState(connections.data?.connections);
  return state.connected;
}

/** Today's events without a transcript. Shares the Today view's query, so one request serves both. */
export function TodayQuickTranscripts() {
  const today = useToday();
  const readable = useCalendarReadable();
  const events = useQuery({
    queryKey: calendarKeys.range(today, today, TODAY_MAX_EVENTS),
    queryFn: () => fetchEventsRange(today, today, TODAY_MAX_EVENTS),
    enabled: readable,
  });
  // The event list beside it shows the loading, error and not-connected states.
  if (!readable || !events.data) return null;
  return <QuickTranscriptPanel events={events.data} />;
}

/**
 * Each event row's transcript button, from what the server says of the event: 'Transcript' (with
 * a tick) opens the transcript that records it (`transcript_id`); meetings that have started by
 * today without one offer to add it, prefilled from the event. Upcoming events offer nothing
 * until their day comes (a transcript records a meeting that took place), and neither do
 * Daymark's own entries (a workout, a journal day), which are no meetings.
 */
export function useEventTranscriptAction(open: (draft: Partial<TranscriptDraft>) => void): EventAction {
  const zone = useTimeZone();
  const today = useToday();
  return (event) => {
    const title = event.summary || TRANSCRIPT_TEXT.defaultTitle;
    if (event.transcript_id !== null) {
      return (
        <Button
          size="sm"
          variant="secondary"
          className={styles.hasTranscript}
          icon={<CheckIcon />}
          title="View the transcript of this meeting"
          aria-label={`View transcript for ${title}`}
          onClick={() => open(editDraftOf({ id: event.transcript_id as number }))}
        >
          Transcript
        </Button>
      );
    }
    const day = eventStartDate(event, zone);
    if (event.declined || event.daymark !== null || !day || day > today) return null;
    return (
      <Button
        size="sm"
        variant="ghost"
        icon={<PlusIcon />}
        title={TRANSCRIPT_TEXT.addForMeeting}
        aria-label={`Add transcript for ${title}`}
        onClick={() => open({ ...prefillFromEvent(event), date: day })}
      >
        Transcript
      </Button>
    );
  };
}

/** 'Transcripts for {long date}' with a day picker; the day follows the transcript last opened. */
export function TranscriptsForDay({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const picker = (
    <div className={styles.dayPicker}>
      <Button size="sm" variant="ghost" aria-label="Previous day" onClick={() => onDateChange(addDays(date, -1))}>
        ‹
      </Button>
      <TextField
        className={styles.dayInput}
        label="Transcripts date"
        hideLabel
        type="date"
        value={date}
        onChange={(e) => e.target.value && onDateChange(e.target.value)}
      />
      <Button size="sm" variant="ghost" aria-label="Next day" onClick={() => onDateChange(addDays(date, 1))}>
        ›
      </Button>
    </div>
  );
  return <TranscriptsForDate className={styles.transcriptsCard} date={date} toolbar={picker} />;
}
