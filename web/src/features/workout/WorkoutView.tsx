import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ExerciseStatus } from '#common/api/workout.js';
import { ERROR_BANNER_MS, SUCCESS_BANNER_MS, WORKOUT_MESSAGES } from '#common/workoutConstants.js';
import { useToday } from '../../app/time/useToday';
import { Button, ConfirmDialog } from '../../ui';
import { SessionOfDay } from '../training/SessionOfDay';
import { api, useFeedback, useLogByDate, useProgress, workoutKeys } from './api';
import { ExerciseCard } from './ExerciseCard';
import { FormMessages, useTimedMessage } from './FormMessages';
import { type FullPlan, formatDate } from './planParse';
import styles from './workout.module.css';

type Mark = { status?: ExerciseStatus; notes?: string; section: string };

export interface WorkoutViewProps {
  plan: FullPlan;
  /** The stored plan's id: the log saved from this view names it. */
  planId?: number;
  /** The plan's date: enables like/dislike and saving to the log of that date. */
  date?: string;
  readOnly?: boolean;
}

/** The structured plan: header, sections of exercise cards, notes, and completion tracking. */
export function WorkoutView({ plan, planId, date, readOnly = false }: WorkoutViewProps) {
  const qc = useQueryClient();
  const progress = useProgress(plan.uuid, !readOnly);
  const feedback = useFeedback(readOnly ? undefined : date);
  const today = useToday();
  const logDate = date ?? today;
  const dayLog = useLogByDate(readOnly ? '' : logDate);
  const [replaceLog, setReplaceLog] = useState<string | null>(null);
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const [likes, setLikes] = useState<Record<string, 'like' | 'dislike'>>({});
  const [error, setError] = useTimedMessage(ERROR_BANNER_MS);
  const [success, setSuccess] = useTimedMessage(SUCCESS_BANNER_MS);
  const [saving, setSaving] = useState(false);
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!progress.data || loadedFor.current === plan.uuid) return;
    loadedFor.current = plan.uuid;
    const next: Record<string, Mark> = {};
    for (const p of progress.data.progress)
      next[p.exercise_uuid] = { status: p.status, notes: p.notes ?? '', section: p.section_uuid };
    setMarks(next);
  }, [progress.data, plan.uuid]);
  useEffect(() => {
    if (!feedback.data) return;
    setLikes(Object.fromEntries(feedback.data.feedback.map((f) => [f.exercise_name, f.feedback_type])));
  }, [feedback.data]);

  const save = async (exerciseUuid: string, mark: Mark, failure: string) => {
    try {
      await api.saveProgress({
        workout_uuid: plan.uuid,
        section_uuid: mark.section,
        exercise_uuid: exerciseUuid,
        status: mark.status ?? 'completed',
        notes: mark.notes ?? null,
      });
      void qc.invalidateQueries({ queryKey: workoutKeys.progress(plan.uuid) });
    } catch {
      setError(failure);
    }
  };

  const setStatus = (section: string, uuid: string, status: ExerciseStatus) => {
    const mark = { ...marks[uuid], section, status };
    setMarks((m) => ({ ...m, [uuid]: mark }));
    void save(uuid, mark, WORKOUT_MESSAGES.saveProgress);
  };
  const commitNotes = (uuid: string) => {
    const mark = marks[uuid];
    if (!mark) return;
    // Notes are kept only with a status; typing first means the exercise was done.
    const withStatus = { ...mark, status: mark.status ?? 'completed' };
    setMarks((m) => ({ ...m, [uuid]: withStatus }));
    void save(uuid, withStatus, WORKOUT_MESSAGES.saveNotes);
  };
  const giveFeedback = async (workoutDate: string, name: string, uuid: string, type: 'like' | 'dislike') => {
    setLikes((l) => ({ ...l, [name]: type }));
    try {
      await api.submitFeedback({ workoutDate, exerciseName: name, exerciseUuid: uuid, feedbackType: type });
    } catch {
      setError(WORKOUT_MESSAGES.saveFeedback);
    }
  };

  const all = plan.workout_sections.flatMap((s) => s.exercises);
  const marked = all.filter((e) => marks[e.uuid]?.status);

  /**
   * Saving replaces the day's log: one this plan's completion wrote is simply updated, any other
   * (one the user wrote, or an earlier plan's) is replaced only once the user agrees.
   */
  const askBeforeSaving = () => {
    if (marked.length === 0) {
      setError(WORKOUT_MESSAGES.markOne);
      return;
    }
    const existing = dayLog.data?.logs[0];
    if (existing && (existing.plan_id !== (planId ?? null) || !existing.workout_completion)) {
      const quoted = `“${existing.entry.length > 120 ? `${existing.entry.slice(0, 120)}…` : existing.entry}”`;
      setReplaceLog(
        existing.plan_id !== null && existing.plan_id !== planId
          ? `The log saved for this day belongs to an earlier plan: ${quoted}. Saving this plan's completion replaces that log; the earlier plan stays in History.`
          : `A log you wrote is already saved for this day: ${quoted}. Saving this plan's completion replaces it.`,
      );
      return;
    }
    void saveToLog();
  };

  const saveToLog = async () => {
    const count = (s: ExerciseStatus) => marked.filter((e) => marks[e.uuid]?.status === s).length;
    setSaving(true);
    try {
      await api.saveLog({
        date: logDate,
        entry: `${plan.title}: ${count('completed')} completed, ${count('partial')} partial, ${count('skipped')} skipped of ${all.length} exercises.`,
        workout_completion: marked.map((e) => ({
          name: e.name,
          completed: marks[e.uuid]?.status as ExerciseStatus,
          ...(marks[e.uuid]?.notes ? { notes: marks[e.uuid]?.notes } : {}),
        })),
        ...(planId ? { plan_id: planId } : {}),
      });
      await qc.invalidateQueries({ queryKey: workoutKeys.logs });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      void qc.invalidateQueries({ queryKey: ['stats'] });
      setSuccess('Workout saved to your log.');
    } catch {
      setError(WORKOUT_MESSAGES.saveToLog);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.plan}>
      <header className={styles.planHeader}>
        <h3 className={styles.planTitle}>{plan.title}</h3>
        <p className={styles.planMeta}>
          {date && <span>{formatDate(date)}</span>}
          {plan.estimated_duration > 0 && <span>{plan.estimated_duration} minutes</span>}
          {date && <SessionOfDay date={date} />}
          <span>{plan.equipment_needed.length ? plan.equipment_needed.join(', ') : 'No equipment'}</span>
        </p>
        {plan.description && <p className={styles.planDescription}>{plan.description}</p>}
      </header>

      {plan.workout_sections.map((s) => (
        <section key={s.uuid} className={styles.section} aria-label={s.section_name}>
          <div className={styles.sectionHead}>
            <h3 className={styles.sectionName}>{s.section_name}</h3>
            <span className={styles.sectionDuration}>{s.duration} min</span>
          </div>
          <div className={styles.exercises}>
            {s.exercises.map((e) => (
              <ExerciseCard
                key={e.uuid}
                exercise={e}
                readOnly={readOnly}
                status={marks[e.uuid]?.status}
                notes={marks[e.uuid]?.notes}
                onStatus={(st) => setStatus(s.uuid, e.uuid, st)}
                onNotesChange={(text) =>
                  setMarks((m) => ({ ...m, [e.uuid]: { ...m[e.uuid], section: s.uuid, notes: text } }))
                }
                onNotesCommit={() => commitNotes(e.uuid)}
                feedback={likes[e.name]}
                onFeedback={date ? (f) => void giveFeedback(date, e.name, e.uuid, f) : undefined}
              />
            ))}
          </div>
        </section>
      ))}

      {plan.notes && (
        <section className={styles.notes} aria-label="Workout notes">
          <h3 className={styles.sectionName}>Workout notes</h3>
          <p>{plan.notes}</p>
        </section>
      )}

      {!readOnly && (error || success || marked.length > 0) && (
        <div className={styles.saveBar}>
          <FormMessages error={error} success={success} />
          {marked.length > 0 && (
            <Button variant="primary" onClick={askBeforeSaving} loading={saving}>
              Save Workout Completion to Log
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={replaceLog !== null}
        onOpenChange={(open) => !open && setReplaceLog(null)}
        title="Replace this day's log?"
        message={replaceLog}
        confirmLabel="Replace the log"
        cancelLabel="Keep the saved log"
        tone="primary"
        onConfirm={() => saveToLog()}
      />
    </div>
  );
}
