import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { TRAINING_LIMITS, TRAINING_TEXTS } from '#common/api/training.js';
import { messageOf } from '../../api/client';
import { useTimeZone } from '../../app/time/useToday';
import { Button, Card, Checkbox, ErrorState, LoadingState, Select, TextField, useToast } from '../../ui';
import { focusFirstInvalid } from '../../ui/Field';
import { trainingApi, trainingKeys, useTrainingRule, weekChanged } from './api';
import { WEEKDAYS } from './format';
import { checkForm, formOf, hasErrors, type RuleForm, ruleOf, sameForm } from './ruleForm';
import styles from './training.module.css';

/** Windows a new row starts with: the first of these the form does not have yet. */
const WINDOW_CHOICES = [
  { start: '06:30', end: '08:00' },
  { start: '12:00', end: '14:00' },
  { start: '17:30', end: '20:00' },
  { start: '20:00', end: '21:30' },
];
const nextWindow = (windows: RuleForm['windows']) =>
  WINDOW_CHOICES.find((c) => !windows.some((w) => w.start === c.start)) ?? { start: '', end: '' };

const SESSION_CHOICES = Array.from({ length: TRAINING_LIMITS.sessionsMax }, (_, i) => {
  const n = i + TRAINING_LIMITS.sessionsMin;
  return { value: String(n), label: n === 1 ? '1 session' : `${n} sessions` };
});

/**
 * "Training week" on Workout settings: the rule the week's sessions are planned by. The form
 * starts from the rule the server gives (its defaults for a user who never saved one), checks
 * what the server checks with the same words, and tells `onDirtyChange` when it holds unsaved
 * changes (the settings screen asks before leaving then).
 */
export function TrainingRuleCard({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const rule = useTrainingRule();
  const zone = useTimeZone();
  const [form, setForm] = useState<RuleForm | null>(null);
  useEffect(() => {
    if (rule.data) setForm(formOf(rule.data));
  }, [rule.data]);
  const dirty = !!form && !!rule.data && !sameForm(form, formOf(rule.data));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const description =
    'Daymark finds time for your training sessions in your calendar each week, keeps them clear of your meetings, and moves them when a meeting takes their time.';
  if (rule.isPending || (!form && !rule.isError))
    return (
      <Card title="Training week" description={description}>
        <LoadingState message="Loading your training week…" />
      </Card>
    );
  if (rule.isError || !form)
    return (
      <Card title="Training week" description={description}>
        <ErrorState
          compact
          message="Your training week settings could not be loaded."
          onRetry={() => void rule.refetch()}
          retrying={rule.isFetching}
        />
      </Card>
    );
  return (
    <Card title="Training week" description={description}>
      <RuleFormView form={form} setForm={setForm} zone={zone} />
    </Card>
  );
}

function RuleFormView({ form, setForm, zone }: { form: RuleForm; setForm: (f: RuleForm) => void; zone: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const root = useRef<HTMLFormElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const checked = checkForm(form);
  // Errors show once a save was tried, then follow the typing.
  const errors = tried ? checked : { window: [] };
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => setForm({ ...form, [key]: value });

  const toggleDay = (day: number, on: boolean) =>
    set('days', on ? [...form.days, day].sort((a, b) => a - b) : form.days.filter((d) => d !== day));
  const setWindow = (i: number, part: 'start' | 'end', value: string) =>
    set(
      'windows',
      form.windows.map((w, j) => (j === i ? { ...w, [part]: value } : w)),
    );
  const removeWindow = (i: number) => {
    set(
      'windows',
      form.windows.filter((_, j) => j !== i),
    );
    // The removed row's button is gone: focus goes on to the list's next control.
    requestAnimationFrame(() => {
      const rows = root.current?.querySelectorAll<HTMLInputElement>('[data-window-start]');
      (rows?.[Math.min(i, (rows?.length ?? 1) - 1)] ?? addButton.current)?.focus();
    });
  };
  const addWindow = () => {
    set('windows', [...form.windows, nextWindow(form.windows)]);
    requestAnimationFrame(() => {
      const rows = root.current?.querySelectorAll<HTMLInputElement>('[data-window-start]');
      rows?.[rows.length - 1]?.focus();
    });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    if (hasErrors(checked)) {
      flushSync(() => setTried(true));
      focusFirstInvalid(root.current);
      return;
    }
    setSaving(true);
    try {
      const saved = await trainingApi.saveRule(ruleOf(form));
      qc.setQueryData(trainingKeys.rule, saved.rule);
      weekChanged(qc, saved.week.week_start);
      setTried(false);
      toast.success(TRAINING_TEXTS.saved);
    } catch (err) {
      setServerError(messageOf(err, 'Your training rule could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const full = form.windows.length >= TRAINING_LIMITS.windowsMax;
  return (
    <form ref={root} className={styles.form} onSubmit={save} noValidate aria-label="Training week">
      <Checkbox
        role="switch"
        className={styles.switchRow}
        label="Plan my training sessions into my week"
        hint={
          form.enabled
            ? 'Your sessions are planned each Monday, and again whenever you ask.'
            : 'Off: no sessions are planned. Your choices below are kept.'
        }
        checked={form.enabled}
        onChange={(e) => set('enabled', e.target.checked)}
      />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>How often and how long</legend>
        <div className={styles.numbers}>
          <Select
            label="Sessions per week"
            value={form.sessions}
            onChange={(e) => set('sessions', e.target.value)}
            options={SESSION_CHOICES}
            error={errors.sessions}
          />
          <TextField
            label="Minimum length (minutes)"
            type="number"
            inputMode="numeric"
            min={TRAINING_LIMITS.minutesMin}
            max={TRAINING_LIMITS.minutesMax}
            step={5}
            hint="On a full day a session can be shortened down to this."
            value={form.minMinutes}
            onChange={(e) => set('minMinutes', e.target.value)}
            error={errors.minMinutes}
          />
          <TextField
            label="Preferred length (minutes)"
            type="number"
            inputMode="numeric"
            min={TRAINING_LIMITS.minutesMin}
            max={TRAINING_LIMITS.minutesMax}
            step={5}
            value={form.preferredMinutes}
            onChange={(e) => set('preferredMinutes', e.target.value)}
            error={errors.preferredMinutes}
          />
        </div>
      </fieldset>

      <fieldset className={styles.group} aria-describedby="training-days-hint">
        <legend className={styles.legend}>Days</legend>
        <p id="training-days-hint" className={styles.muted}>
          At most one session a day, with rest days between them where the week allows.
        </p>
        <ul className={styles.days}>
          {WEEKDAYS.map((d) => (
            <li key={d.day}>
              <label className={styles.day}>
                <input
                  type="checkbox"
                  aria-label={d.long}
                  checked={form.days.includes(d.day)}
                  onChange={(e) => toggleDay(d.day, e.target.checked)}
                  aria-invalid={errors.days ? true : undefined}
                  aria-describedby={errors.days ? 'training-days-error' : undefined}
                />
                <span aria-hidden="true">{d.short}</span>
              </label>
            </li>
          ))}
        </ul>
        {errors.days && (
          <p id="training-days-error" className={styles.fieldError}>
            {errors.days}
          </p>
        )}
      </fieldset>

      <fieldset className={styles.group} aria-describedby="training-windows-hint">
        <legend className={styles.legend}>Time windows</legend>
        <p id="training-windows-hint" className={styles.muted}>
          A session starts and ends inside one of these, on any day you chose. Times are in your time zone ({zone}).
        </p>
        <ul className={styles.windows}>
          {form.windows.map((w, i) => {
            const e = errors.window[i];
            const n = i + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the windows' places in the list
              <li key={i} className={styles.window}>
                <TextField
                  label={`Window ${n} from`}
                  type="time"
                  data-window-start
                  value={w.start}
                  onChange={(ev) => setWindow(i, 'start', ev.target.value)}
                  error={e?.start}
                />
                <TextField
                  label={`Window ${n} to`}
                  type="time"
                  value={w.end}
                  onChange={(ev) => setWindow(i, 'end', ev.target.value)}
                  error={e?.end ?? e?.order}
                />
                <Button
                  className={styles.windowRemove}
                  variant="ghost"
                  onClick={() => removeWindow(i)}
                  disabled={form.windows.length <= 1}
                  aria-label={`Remove time window ${n}`}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
        {errors.windows && <p className={styles.fieldError}>{errors.windows}</p>}
        <div className={styles.actions}>
          <Button ref={addButton} size="sm" onClick={addWindow} disabled={full}>
            Add a time window
          </Button>
          {full && <span className={styles.muted}>Four windows at most.</span>}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Around your meetings</legend>
        <TextField
          className={styles.narrow}
          label="Free time around meetings (minutes)"
          type="number"
          inputMode="numeric"
          min={0}
          max={TRAINING_LIMITS.bufferMax}
          step={5}
          hint="Kept free before and after each meeting. 10 minutes unless you change it."
          value={form.buffer}
          onChange={(e) => set('buffer', e.target.value)}
          error={errors.buffer}
        />
        <Checkbox
          label="Hold the sessions in my calendar"
          hint="Each session is added to your calendar as a busy event, moved when it moves and removed when you skip it."
          checked={form.writeToCalendar}
          onChange={(e) => set('writeToCalendar', e.target.checked)}
        />
      </fieldset>

      {serverError && (
        <p role="alert" className={styles.errorText}>
          {serverError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={saving} loadingText="Saving…">
          Save training week
        </Button>
      </div>
    </form>
  );
}
