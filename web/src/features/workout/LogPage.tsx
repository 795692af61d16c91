import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkoutLog } from '#common/api/workout.js';
import { SUCCESS_BANNER_MS, WORKOUT_MESSAGES } from '#common/workoutConstants.js';
import type { LogStatus } from '#common/workoutStatus.js';
import { LOG_STATUS_CHOICE } from '#common/workoutStatus.js';
import { useToday } from '../../app/time/useToday';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Button, Card, TextArea, TextField } from '../../ui';
import { api, useLogByDate, workoutKeys } from './api';
import { FormMessages, useTimedMessage } from './FormMessages';
import styles from './workout.module.css';

const CHOICES: LogStatus[] = ['completed', 'skipped', 'none'];
/** A new entry records a done workout unless the user says otherwise. */
const NEW_ENTRY_STATUS: LogStatus = 'completed';

/** Log: a free-text entry for a date with its status; an existing entry loads and is updated. */
export function LogPage() {
  const qc = useQueryClient();
  const [date, setDate] = useState(useToday());
  const existing = useLogByDate(date);
  const log = existing.data?.logs[0];
  const [entry, setEntry] = useState('');
  const [status, setStatus] = useState<LogStatus>(NEW_ENTRY_STATUS);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useTimedMessage(SUCCESS_BANNER_MS);
  const [saving, setSaving] = useState(false);
  /** What is saved for the form's date, as last loaded (null: nothing yet). */
  const [saved, setSaved] = useState<WorkoutLog | null>(null);
  /** Typed text kept while another date was chosen, which has an entry of its own. */
  const [kept, setKept] = useState(false);

  // Unsaved: the entry or its status differ from what is saved for the date (nothing, for a new one).
  const dirty = entry.trim() !== (saved?.entry ?? '') || status !== (saved?.status ?? NEW_ENTRY_STATUS);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const guard = useLeaveGuard(dirty, 'this workout log');

  const load = useCallback((l: WorkoutLog | null) => {
    setEntry(l?.entry ?? '');
    setStatus(l?.status ?? NEW_ENTRY_STATUS);
    setKept(false);
  }, []);
  // A date's saved entry fills the form, unless the user has typed: then what they typed stays
  // (a date picked after typing), and a saved entry of that date is offered instead.
  useEffect(() => {
    if (existing.isPending || existing.isError) return;
    const next = log ?? null;
    setSaved(next);
    if (!dirtyRef.current) load(next);
    else setKept(next !== null);
  }, [log, existing.isPending, existing.isError, load]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!date) return setError('Date is required.');
    if (!entry.trim()) return setError('Please describe your workout.');
    setSaving(true);
    try {
      const { log: stored } = await api.saveLog({
        date,
        entry: entry.trim(),
        workout_skipped: status === 'skipped',
        workout_done: status === 'completed',
        ...(log?.workout_completion ? { workout_completion: log.workout_completion } : {}),
      });
      setSaved(stored);
      setKept(false);
      qc.setQueryData(workoutKeys.logByDate(date), { logs: [stored], total: 1 });
      await qc.invalidateQueries({ queryKey: workoutKeys.logs });
      await qc.invalidateQueries({ queryKey: ['dashboard'] });
      setSuccess('Workout log saved.');
    } catch {
      setError(WORKOUT_MESSAGES.saveLog);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card title="Log a workout" description="Write what you did in your own words.">
        <form className={styles.logForm} onSubmit={submit} noValidate>
          <TextField label="Date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
          <TextArea
            label="Details"
            required
            rows={5}
            placeholder="e.g. 30 minute ride, then 3 rounds of squats and push-ups"
            value={entry}
            onChange={(e) => setEntry(e.target.value)}
          />
          {kept && saved && (
            <div className={styles.notice} role="status">
              <span>
                An entry is already saved for this date: “{saved.entry.slice(0, 120)}”. Saving replaces it with what you
                typed.
              </span>
              <Button size="sm" onClick={() => load(saved)}>
                Load saved entry
              </Button>
            </div>
          )}
          <fieldset className={styles.statusChoices}>
            <legend className={styles.statusLegend}>Status</legend>
            {CHOICES.map((c) => (
              <label key={c} className={styles.statusChoice}>
                <input
                  type="radio"
                  name="workout-status"
                  value={c}
                  checked={status === c}
                  onChange={() => setStatus(c)}
                />
                <span>{LOG_STATUS_CHOICE[c]}</span>
              </label>
            ))}
          </fieldset>
          <FormMessages error={error} success={success} />
          <div className={styles.row}>
            <Button type="submit" variant="primary" loading={saving}>
              {log ? 'Update Entry' : 'Save Entry'}
            </Button>
          </div>
        </form>
      </Card>
      {guard}
    </div>
  );
}
