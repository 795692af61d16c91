import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SUCCESS_BANNER_MS, WORKOUT_MESSAGES } from '#common/workoutConstants.js';
import { useAppletState } from '../../app/appletState';
import { useToday } from '../../app/time/useToday';
import { Button, Card, ConfirmDialog, ErrorState, LoadingState, TextArea, TextField, useToast } from '../../ui';
import { TrainingWeekCard } from '../training/TrainingWeekCard';
import { useLatestPlan, useLogByDate, useProgress, workoutKeys } from './api';
import { streamWorkout } from './generationStream';
import { PlanDisplay } from './PlanDisplay';
import { parsePlan } from './planParse';
import styles from './workout.module.css';

type Gen = { running: boolean; progress: number; message: string; error: string | null };
const IDLE: Gen = { running: false, progress: 0, message: '', error: null };

/** Today: today's plan (or the latest), generation with live progress, and customisation. */
export function TodayPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const latest = useLatestPlan();
  const [panelOpen, setPanelOpen] = useAppletState('workout', 'customiseOpen', false);
  const [focus, setFocus] = useAppletState('workout', 'focus', '');
  const [instructions, setInstructions] = useAppletState('workout', 'instructions', '');
  const [gen, setGen] = useState<Gen>(IDLE);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // The finished bar stays briefly so the 100 % is seen, then makes room for the plan.
  useEffect(() => {
    if (gen.running || gen.progress !== 100) return;
    const t = setTimeout(() => setGen(IDLE), SUCCESS_BANNER_MS);
    return () => clearTimeout(t);
  }, [gen]);

  const today = useToday();
  const record = latest.data?.plan ?? null;
  const isToday = record?.date === today;
  // What generating today's plan again would replace: today's plan's marks and its log.
  const parsed = record && isToday ? parsePlan(record) : null;
  const structured = parsed?.kind === 'structured' ? parsed.plan : null;
  const marks = useProgress(structured?.uuid, !!structured);
  const dayLog = useLogByDate(isToday && record ? record.date : '');
  const [confirmReplace, setConfirmReplace] = useState<string | null>(null);

  /** Generates today's plan, first asking when today's plan has marks or a log. */
  const requestGenerate = () => {
    const lost = isToday ? replacedWork() : null;
    if (lost) setConfirmReplace(lost);
    else void generate();
  };

  /** In plain words, what replacing today's plan takes off Today; null when nothing. */
  const replacedWork = (): string | null => {
    const total = structured ? structured.workout_sections.reduce((n, s) => n + s.exercises.length, 0) : 0;
    const marked = Math.min(total, marks.data?.progress.length ?? 0);
    const log = dayLog.data?.logs[0];
    const logged = !!log && (log.plan_id === null || log.plan_id === record?.id);
    const after = 'A new plan replaces it on Today; the current one stays in History';
    if (marked > 0 && logged)
      return `You have marked ${marked} of ${total} exercises and saved a log for this plan. ${after}.`;
    if (marked > 0) return `You have marked ${marked} of ${total} exercises of this plan. ${after} with your marks.`;
    if (logged) return `You have saved a log for this plan. ${after}, and the log stays with it.`;
    return null;
  };

  const generate = async () => {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setGen({ running: true, progress: 0, message: WORKOUT_MESSAGES.initializing, error: null });
    const parts = [
      focus.trim() && `Focus: ${focus.trim()}`,
      instructions.trim() && `Instructions: ${instructions.trim()}`,
    ].filter(Boolean);
    try {
      const done = await streamWorkout(
        { date: today, customPrompt: parts.length ? parts.join('\n') : undefined },
        {
          onOpen: () => setGen((g) => ({ ...g, progress: 5, message: WORKOUT_MESSAGES.connectionEstablished })),
          onProgress: (progress, message) =>
            setGen((g) => ({ ...g, progress: Math.max(g.progress, progress), message })),
          onWarning: (message) => message && toast.show(message, { tone: 'info' }),
        },
        ctl.signal,
      );
      qc.setQueryData(workoutKeys.latest, { plan: done });
      await qc.invalidateQueries({ queryKey: workoutKeys.plans });
      void qc.invalidateQueries({ queryKey: workoutKeys.logs });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      setGen({ running: false, progress: 100, message: WORKOUT_MESSAGES.generated, error: null });
      setPanelOpen(false);
      setFocus('');
      setInstructions('');
    } catch (err) {
      if (ctl.signal.aborted) return;
      setGen({
        running: false,
        progress: 0,
        message: '',
        error: err instanceof Error ? err.message : WORKOUT_MESSAGES.connectionLost,
      });
    }
  };

  const generateLabel = isToday ? 'Regenerate Workout' : "Generate Today's Workout";

  const customise = panelOpen && (
    <Card title="Customise your workout" titleAs="h3" className={styles.customise}>
      <form
        className={styles.customiseForm}
        onSubmit={(e) => {
          e.preventDefault();
          requestGenerate();
        }}
      >
        <TextField
          label="Focus"
          placeholder="e.g. legs, core, cardio, upper body, mobility"
          value={focus}
          onChange={(e) => setFocus(e.target.value)}
        />
        <TextArea
          label="Special instructions"
          placeholder="e.g. short and easy, low impact, indoors today"
          rows={3}
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
        />
        <div className={styles.row}>
          <Button type="submit" variant="primary" disabled={gen.running}>
            {isToday ? 'Regenerate Workout' : 'Generate'}
          </Button>
        </div>
      </form>
    </Card>
  );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Button
          variant={panelOpen ? 'secondary' : 'ghost'}
          aria-expanded={panelOpen}
          onClick={() => setPanelOpen(!panelOpen)}
        >
          New Workout
        </Button>
        {isToday && (
          <Button variant="primary" onClick={requestGenerate} disabled={gen.running}>
            {generateLabel}
          </Button>
        )}
      </div>

      {customise}

      {(gen.running || gen.progress === 100) && (
        <Card className={styles.progressPanel} aria-live="polite">
          <h3 className={styles.progressTitle}>{WORKOUT_MESSAGES.generating}</h3>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label="Generation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={gen.progress}
          >
            <div className={styles.progressFill} style={{ width: `${gen.progress}%` }} />
          </div>
          <p className={styles.progressText}>
            <span>{gen.message}</span>
            <span>{gen.progress}%</span>
          </p>
        </Card>
      )}
      {gen.error && (
        <p role="alert" className={styles.errorBanner}>
          {gen.error}
        </p>
      )}

      {latest.isPending ? (
        <LoadingState message="Loading your workout…" />
      ) : latest.isError ? (
        <ErrorState message={WORKOUT_MESSAGES.fetchPlan} onRetry={() => void latest.refetch()} />
      ) : !record ? (
        !gen.running && (
          <Card className={styles.empty}>
            <h3 className={styles.emptyTitle}>{WORKOUT_MESSAGES.noPlanToday}</h3>
            <p className={styles.muted}>
              Get a plan that fits your equipment and time, or tell the planner what you want today.
            </p>
            <div className={styles.row}>
              <Button variant="primary" onClick={() => void generate()}>
                Generate Today's Workout
              </Button>
              <Button onClick={() => setPanelOpen(true)}>Add Custom Instructions</Button>
            </div>
          </Card>
        )
      ) : (
        <>
          {!isToday && (
            <div className={styles.notice}>
              <span>{WORKOUT_MESSAGES.notToday}</span>
              <Button size="sm" variant="primary" onClick={() => void generate()} disabled={gen.running}>
                Generate Today's Workout
              </Button>
            </div>
          )}
          <Card padding="md">
            <PlanDisplay record={record} />
          </Card>
        </>
      )}
      <TrainingWeekCard />
      <ConfirmDialog
        open={confirmReplace !== null}
        onOpenChange={(open) => !open && setConfirmReplace(null)}
        title="Replace today's workout?"
        message={confirmReplace}
        confirmLabel="Replace with a new plan"
        cancelLabel="Keep this plan"
        tone="primary"
        onConfirm={() => {
          void generate();
        }}
      />
    </div>
  );
}
