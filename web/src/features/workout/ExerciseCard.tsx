import { useEffect, useState } from 'react';
import type { ExerciseStatus } from '#common/api/workout.js';
import { REASONING_LOADER_MS } from '#common/workoutConstants.js';
import { Button, Modal, Spinner, TextArea } from '../../ui';
import { Icon } from '../../ui/icons';
import type { PlanExercise } from './planParse';
import styles from './workout.module.css';

const STATUSES: Array<{ id: ExerciseStatus; label: string }> = [
  { id: 'completed', label: 'Completed' },
  { id: 'partial', label: 'Partial' },
  { id: 'skipped', label: 'Skipped' },
];

const FEEDBACK = [
  { id: 'like', label: 'Like', title: 'I like this exercise' },
  { id: 'dislike', label: 'Dislike', title: 'Never plan this exercise again' },
] as const;

export interface ExerciseCardProps {
  exercise: PlanExercise;
  readOnly: boolean;
  status?: ExerciseStatus;
  notes?: string;
  onStatus?: (s: ExerciseStatus) => void;
  onNotesChange?: (text: string) => void;
  onNotesCommit?: () => void;
  /** Like/dislike are offered only when the plan has a date. */
  feedback?: 'like' | 'dislike';
  onFeedback?: (f: 'like' | 'dislike') => void;
}

function Thumb({ down = false }: { down?: boolean }) {
  return (
    <Icon width="16" height="16" style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path d="M7 10v11H3V10h4Zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14V5.5A2.5 2.5 0 0 0 11.5 3L9 10v11Z" />
    </Icon>
  );
}

/** Asks for the reasoning "from the coach": a short loader, then the text. */
function WhyModal({
  open,
  onOpenChange,
  name,
  reasoning,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  name: string;
  reasoning: string;
}) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    if (!open) return;
    setLoading(true);
    const t = setTimeout(() => setLoading(false), REASONING_LOADER_MS);
    return () => clearTimeout(t);
  }, [open]);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Why ${name}?`} size="sm">
      {loading ? <Spinner label="Loading reasoning" /> : <p className={styles.reasoning}>{reasoning}</p>}
    </Modal>
  );
}

export function ExerciseCard(p: ExerciseCardProps) {
  const e = p.exercise;
  const [why, setWhy] = useState(false);
  const youtube = `https://www.youtube.com/results?search_query=${encodeURIComponent(`${e.name} exercise`)}`;
  return (
    <article className={styles.exercise} data-status={p.status ?? 'none'} aria-label={e.name}>
      <div className={styles.exerciseHead}>
        <h4 className={styles.exerciseName}>{e.name}</h4>
        <div className={styles.exerciseTools}>
          <a
            className={styles.toolLink}
            href={youtube}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Search YouTube for ${e.name}`}
          >
            YouTube
          </a>
          <Button size="sm" variant="ghost" onClick={() => setWhy(true)} aria-label={`Why ${e.name}?`}>
            Why?
          </Button>
        </div>
      </div>
      <p className={styles.instructions}>{e.instructions}</p>
      <dl className={styles.dose}>
        <div>
          <dt>Time / reps</dt>
          <dd>{e.duration_or_reps}</dd>
        </div>
        <div>
          <dt>Sets</dt>
          <dd>{String(e.sets)}</dd>
        </div>
        <div>
          <dt>Rest</dt>
          <dd>{e.rest_between_sets}</dd>
        </div>
      </dl>
      {!p.readOnly && (
        <div className={styles.exerciseActions}>
          <fieldset className={styles.statusGroup} aria-label={`Status of ${e.name}`}>
            {STATUSES.map((s) => (
              <button
                key={s.id}
                type="button"
                className={styles.statusButton}
                data-kind={s.id}
                aria-pressed={p.status === s.id}
                onClick={() => p.onStatus?.(s.id)}
              >
                {s.label}
              </button>
            ))}
          </fieldset>
          {p.onFeedback && (
            <div className={styles.feedback}>
              {FEEDBACK.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  className={styles.feedbackButton}
                  aria-pressed={p.feedback === f.id}
                  aria-label={`${f.label} ${e.name}`}
                  title={f.title}
                  onClick={() => p.onFeedback?.(f.id)}
                >
                  <Thumb down={f.id === 'dislike'} />
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {!p.readOnly && p.status && (
        <TextArea
          label={`Notes for ${e.name}`}
          hideLabel
          placeholder="Notes (weight used, how it felt…)"
          rows={2}
          value={p.notes ?? ''}
          onChange={(ev) => p.onNotesChange?.(ev.target.value)}
          onBlur={() => p.onNotesCommit?.()}
        />
      )}
      <WhyModal open={why} onOpenChange={setWhy} name={e.name} reasoning={e.reasoning} />
    </article>
  );
}
