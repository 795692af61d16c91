import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SUCCESS_BANNER_MS, WORKOUT_MESSAGES } from '../../../../common/src/workoutConstants';
import { useToday } from '../../app/time/useToday';
import { Button, Card, Checkbox, TextArea, TextField } from '../../ui';
import { api, useLogByDate, workoutKeys } from './api';
import { FormMessages, useTimedMessage } from './FormMessages';
import styles from './workout.module.css';

/** Log: a free-text entry for a date; an existing entry loads and is updated. */
export function LogPage() {
  const qc = useQueryClient();
  const [date, setDate] = useState(useToday());
  const existing = useLogByDate(date);
  const log = existing.data?.logs[0];
  const [entry, setEntry] = useState('');
  const [skipped, setSkipped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useTimedMessage(SUCCESS_BANNER_MS);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setEntry(log?.entry ?? '');
    setSkipped(log?.workout_skipped ?? false);
  }, [log]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!date) return setError('Date is required.');
    if (!entry.trim()) return setError('Please describe your workout.');
    setSaving(true);
    try {
      await api.saveLog({
        date,
        entry: entry.trim(),
        workout_skipped: skipped,
        ...(log?.workout_completion ? { workout_completion: log.workout_completion } : {}),
      });
      await qc.invalidateQueries({ queryKey: workoutKeys.logs });
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
          <Checkbox
            label="I skipped my workout today"
            checked={skipped}
            onChange={(e) => setSkipped(e.target.checked)}
          />
          <FormMessages error={error} success={success} />
          <div className={styles.row}>
            <Button type="submit" variant="primary" loading={saving}>
              {log ? 'Update Entry' : 'Save Entry'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
