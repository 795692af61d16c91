import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { TRAINING_TEXTS, type TrainingSession } from '#common/api/training.js';
import { addDays } from '#common/time.js';
import { messageOf } from '../../api/client';
import { useToday } from '../../app/time/useToday';
import { Button, Card, ConfirmDialog, ErrorState, LoadingState, Pill, useToast } from '../../ui';
import { InfoIcon } from '../../ui/icons';
import { trainingApi, useTrainingRule, useTrainingWeek, weekChanged } from './api';
import { calendarWords, hasCalendarEvent, longDay, STATUS_TONES, STATUS_WORDS, shortDay, timeRange } from './format';
import { type MoveRequest, MoveSessionDialog } from './MoveSessionDialog';
import styles from './training.module.css';
import { NoCalendarLine, TrainingOffLine, UnplacedList } from './WeekLines';

const TITLE = "This week's training";

/**
 * "This week's training" on the Workout Today screen: each session with its day, time, length,
 * status and whether the calendar holds it, what last moved it and why, and the sessions the week
 * had no room for; a session can be moved or skipped, and the rest of the week planned again.
 */
export function TrainingWeekCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const today = useToday();
  const week = useTrainingWeek(today);
  const rule = useTrainingRule();
  const [moving, setMoving] = useState<TrainingSession | null>(null);
  const [skipping, setSkipping] = useState<TrainingSession | null>(null);
  const [planning, setPlanning] = useState(false);

  const card = (body: React.ReactNode, actions?: React.ReactNode, description?: string) => (
    <Card title={TITLE} aria-label={TITLE} description={description} actions={actions}>
      {body}
    </Card>
  );
  if (week.isPending) return card(<LoadingState message="Loading this week's training…" />);
  if (week.isError)
    return card(
      <ErrorState
        compact
        message="This week's training could not be loaded."
        onRetry={() => void week.refetch()}
        retrying={week.isFetching}
      />,
    );
  const data = week.data;
  if (!data.enabled) return card(<TrainingOffLine />);

  const writes = rule.data?.write_to_calendar ?? true;
  // With no calendar to hold them, one line says so instead of every row.
  const held = writes && data.calendar_writable;
  const sessions = [...data.sessions].sort((a, b) => a.date.localeCompare(b.date) || a.index - b.index);

  const planAgain = async () => {
    setPlanning(true);
    try {
      const next = await trainingApi.planWeek(today);
      weekChanged(qc, today, next);
      toast.success('The rest of the week is planned again.');
    } catch (err) {
      toast.error(messageOf(err, 'The week could not be planned. Please try again.'));
    } finally {
      setPlanning(false);
    }
  };

  const move = async (s: TrainingSession, req: MoveRequest) => {
    const res = await trainingApi.move(s.id, req);
    weekChanged(qc, today, res.week);
    toast.success(`Session ${s.index} moved to ${longDay(res.session.date)}, ${timeRange(res.session)}.`);
  };

  const skip = async (s: TrainingSession) => {
    const res = await trainingApi.skip(s.id);
    weekChanged(qc, today, res.week);
    toast.success(`Session ${s.index} skipped.`);
  };

  return card(
    <div className={styles.week}>
      {writes && !data.calendar_writable && <NoCalendarLine />}
      {!writes && (
        <p className={styles.muted}>
          Your sessions are kept out of your calendar, as your <Link to="/workout/settings">training week</Link> says.
        </p>
      )}
      {sessions.length === 0 && data.unplaced.length === 0 ? (
        <p className={styles.muted}>No sessions this week.</p>
      ) : (
        <ul className={styles.sessions} aria-label="Sessions">
          {sessions.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              today={today}
              writes={held}
              onMove={() => setMoving(s)}
              onSkip={() => setSkipping(s)}
            />
          ))}
        </ul>
      )}
      <UnplacedList week={data} />
      <MoveSessionDialog session={moving} week={data} today={today} onClose={() => setMoving(null)} onMove={move} />
      <ConfirmDialog
        open={skipping !== null}
        onOpenChange={(open) => !open && setSkipping(null)}
        title={skipping ? `Skip session ${skipping.index}?` : 'Skip session?'}
        message={
          skipping
            ? `${longDay(skipping.date)}, ${timeRange(skipping)} is skipped this week${
                hasCalendarEvent(skipping) ? ', and its event is removed from your calendar' : ''
              }.`
            : ''
        }
        confirmLabel="Skip session"
        cancelLabel="Keep it"
        onConfirm={() => (skipping ? skip(skipping) : undefined)}
      />
    </div>,
    <Button size="sm" onClick={() => void planAgain()} loading={planning} loadingText="Planning…">
      Plan again
    </Button>,
    `${shortDay(data.week_start)} to ${shortDay(addDays(data.week_start, 6))}`,
  );
}

function SessionRow({
  session: s,
  today,
  writes,
  onMove,
  onSkip,
}: {
  session: TrainingSession;
  today: string;
  writes: boolean;
  onMove: () => void;
  onSkip: () => void;
}) {
  const isToday = s.date === today;
  const held = calendarWords(s, writes);
  const canMove = s.status === 'planned' || s.status === 'released';
  // "Skipped." says no more than the status does.
  const note = s.status === 'skipped' && s.note === TRAINING_TEXTS.skipped ? null : s.note;
  return (
    <li className={styles.session} data-status={s.status} data-today={isToday || undefined}>
      <div className={styles.sessionMain}>
        <p className={styles.when}>
          <span>{shortDay(s.date)}</span>
          <span className={styles.time}>{timeRange(s)}</span>
          {isToday && <Pill tone="accent">Today</Pill>}
        </p>
        <p className={styles.meta}>
          <Pill tone={STATUS_TONES[s.status]}>{STATUS_WORDS[s.status]}</Pill>
          <span>
            {[
              `Session ${s.index}`,
              `${s.minutes} min`,
              held,
              s.placed_by === 'user' && s.status === 'planned' && 'Placed by you',
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </p>
      </div>
      {(canMove || s.status === 'planned') && (
        <div className={styles.sessionActions}>
          {canMove && (
            <Button size="sm" onClick={onMove} aria-label={`Move session ${s.index}`}>
              Move
            </Button>
          )}
          {s.status === 'planned' && (
            <Button size="sm" variant="ghost" onClick={onSkip} aria-label={`Skip session ${s.index}`}>
              Skip
            </Button>
          )}
        </div>
      )}
      {note && (
        <p className={styles.note}>
          <InfoIcon aria-hidden="true" />
          <span>{note}</span>
        </p>
      )}
    </li>
  );
}
