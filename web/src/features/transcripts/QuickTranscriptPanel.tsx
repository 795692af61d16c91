import { useState } from 'react';
import type { CalendarEvent } from '#common/api/calendar.js';
import { TRANSCRIPT_TEXT } from '#common/api/transcripts.js';
import { prefillFromEvent } from '#common/transcriptRules.js';
import { useTimeZone } from '../../app/time/useToday';
import { Button, Card } from '../../ui';
import { eventTimeLabel } from './format';
import styles from './Transcript.module.css';
import type { TranscriptDraft } from './TranscriptForm';
import { TranscriptModal } from './TranscriptModal';

export interface QuickTranscriptPanelProps {
  /** Today's calendar events (declined ones and Daymark's own entries are left out here). */
  events: CalendarEvent[];
}

/** Meetings the server says no transcript records yet: not declined, not Daymark's own entries (a workout, a journal day). */
export const meetingsWithoutTranscript = (events: readonly CalendarEvent[]) =>
  events.filter((e) => !e.declined && e.daymark === null && e.transcript_id === null);

/**
 * Today's meetings without a transcript, each with a '+' that opens the transcript modal
 * prefilled from the event; once saved, the event leaves the list (part 1 §2): the server
 * answers the events again, this one with its transcript.
 */
export function QuickTranscriptPanel({ events }: QuickTranscriptPanelProps) {
  const zone = useTimeZone();
  const [draft, setDraft] = useState<Partial<TranscriptDraft> | null>(null);
  const open = meetingsWithoutTranscript(events);

  return (
    <Card title="Quick Transcripts" description="Today's meetings that have no transcript yet.">
      {open.length === 0 ? (
        <p className={styles.celebrate}>{TRANSCRIPT_TEXT.allHaveTranscripts}</p>
      ) : (
        <ul className={styles.events} aria-label="Today's events without a transcript">
          {open.map((e) => (
            <li key={e.id} className={styles.event}>
              <span className={styles.eventMain}>
                <span className={styles.eventTitle}>{e.summary || TRANSCRIPT_TEXT.defaultTitle}</span>
                <span className={styles.muted}>{eventTimeLabel(e, zone)}</span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                title={TRANSCRIPT_TEXT.addForMeeting}
                aria-label={`${TRANSCRIPT_TEXT.addForMeeting}: ${e.summary || TRANSCRIPT_TEXT.defaultTitle}`}
                onClick={() => setDraft(prefillFromEvent(e))}
              >
                +
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TranscriptModal
        open={draft !== null}
        onOpenChange={(o) => !o && setDraft(null)}
        mode="full"
        initial={draft ?? undefined}
      />
    </Card>
  );
}
