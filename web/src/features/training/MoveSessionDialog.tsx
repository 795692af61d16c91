import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { TRAINING_LIMITS, type TrainingSession, type TrainingWeek } from '#common/api/training.js';
import { addDays } from '#common/time.js';
import { clockMinutes } from '#common/trainingWeek.js';
import { messageOf } from '../../api/client';
import { Button, Modal, Select, TextField } from '../../ui';
import { focusFirstInvalid } from '../../ui/Field';
import { longDay, timeRange } from './format';
import styles from './training.module.css';

export interface MoveRequest {
  date: string;
  start_time: string;
  minutes: number;
}

/** The days a session can go to: this week's, less the past ones and those with another session. */
export function dayChoices(week: TrainingWeek, session: TrainingSession, today: string) {
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(week.week_start, i);
    const other = week.sessions.find(
      (s) => s.id !== session.id && s.date === date && (s.status === 'planned' || s.status === 'done'),
    );
    const past = date < today;
    const label = `${longDay(date)}${past ? ' (past)' : other ? ` (has session ${other.index})` : ''}`;
    return { value: date, label, disabled: past || !!other };
  });
}

/**
 * Moves a session to another day of its week, another start, another length. Focus starts on
 * the day and returns to the Move button that opened it (Modal). A refusal from the server
 * ("That day already has a session.") shows inside and the dialog stays open.
 */
export function MoveSessionDialog({
  session,
  week,
  today,
  onClose,
  onMove,
}: {
  session: TrainingSession | null;
  week: TrainingWeek;
  today: string;
  onClose: () => void;
  onMove: (session: TrainingSession, move: MoveRequest) => Promise<void>;
}) {
  const dayRef = useRef<HTMLSelectElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [date, setDate] = useState('');
  const [start, setStart] = useState('');
  const [minutes, setMinutes] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Opened for a session: its values fill the form (set while rendering, so the first frame has them).
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if (session && session.id !== openedFor) {
    const choices = dayChoices(week, session, today);
    const own = choices.find((c) => c.value === session.date && !c.disabled);
    setOpenedFor(session.id);
    setDate(own?.value ?? choices.find((c) => !c.disabled)?.value ?? session.date);
    setStart(session.start_time);
    setMinutes(String(session.minutes));
    setTried(false);
    setError(null);
  }
  const close = () => {
    setOpenedFor(null);
    onClose();
  };

  const n = Number(minutes.trim());
  const errors = {
    start: clockMinutes(start) === null ? 'Enter a start time.' : undefined,
    minutes:
      !/^\d+$/.test(minutes.trim()) || n < TRAINING_LIMITS.minutesMin || n > TRAINING_LIMITS.minutesMax
        ? `Enter a whole number of minutes from ${TRAINING_LIMITS.minutesMin} to ${TRAINING_LIMITS.minutesMax}.`
        : undefined,
  };
  const shown: Partial<typeof errors> = tried ? errors : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!session || busy) return;
    setError(null);
    if (errors.start || errors.minutes) {
      flushSync(() => setTried(true));
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      await onMove(session, { date, start_time: start, minutes: n });
      close();
    } catch (err) {
      setError(messageOf(err, 'The session could not be moved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && !busy && close()}
      title={session ? `Move session ${session.index}` : 'Move session'}
      description={session ? `Now ${longDay(session.date)}, ${timeRange(session)}.` : undefined}
      size="sm"
      dismissible={!busy}
      initialFocus={dayRef}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="move-session-form" variant="primary" loading={busy} loadingText="Moving…">
            Move session
          </Button>
        </>
      }
    >
      {session && (
        <form id="move-session-form" ref={formRef} className={styles.moveForm} onSubmit={submit} noValidate>
          <Select
            ref={dayRef}
            label="Day"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            options={dayChoices(week, session, today)}
          />
          <div className={styles.moveTimes}>
            <TextField
              label="Start time"
              type="time"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              error={shown.start}
            />
            <TextField
              label="Length (minutes)"
              type="number"
              inputMode="numeric"
              min={TRAINING_LIMITS.minutesMin}
              max={TRAINING_LIMITS.minutesMax}
              step={5}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              error={shown.minutes}
            />
          </div>
          <p className={styles.muted}>A session you move stays where you put it, even when meetings change.</p>
          {error && (
            <p role="alert" className={styles.errorText}>
              {error}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
