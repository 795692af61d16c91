import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { type CronJob, configValueProblem, type JobTypeDescriptor } from '#common/api/cron.js';
import {
  CRON_TEXT,
  NEW_JOB_DEFAULTS,
  nextRuns,
  presetOf,
  SCHEDULE_PRESETS,
  scheduleProblem,
} from '#common/cronSchedule.js';
import { DEFAULT_TIME_ZONE } from '#common/time.js';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/auth/session';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Button, Card, Checkbox, LinkButton, Select, TextArea, TextField } from '../../ui';
import { focusFirstInvalid } from '../../ui/Field';
import { AlertIcon } from '../../ui/icons';
import { createJob, cronKeys, updateJob } from './api';
import styles from './Cron.module.css';
import { formatWhen } from './format';

const CUSTOM = 'custom';

/** The config form's values as typed (text); numbers are parsed as integers on save (§5). */
type ConfigValues = Record<string, string>;

function configDefaults(type: JobTypeDescriptor | undefined, current?: Record<string, unknown>): ConfigValues {
  const out: ConfigValues = {};
  for (const [key, field] of Object.entries(type?.configSchema ?? {})) {
    const v = current?.[key] ?? field.default;
    out[key] = v === undefined || v === null ? '' : String(v);
  }
  return out;
}

interface FormState {
  name: string;
  description: string;
  job_type: string;
  preset: string;
  schedule: string;
  enabled: boolean;
  config: ConfigValues;
}

type Errors = Partial<Record<'name' | 'job_type' | 'schedule' | `config.${string}`, string>>;

function validate(
  f: FormState,
  type: JobTypeDescriptor | undefined,
): { errors: Errors; config: Record<string, unknown> } {
  const errors: Errors = {};
  if (!f.name.trim()) errors.name = CRON_TEXT.nameRequired;
  if (!f.job_type) errors.job_type = CRON_TEXT.typeRequired;
  if (!f.schedule.trim()) errors.schedule = CRON_TEXT.scheduleRequired;
  const config: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(type?.configSchema ?? {})) {
    const raw = (f.config[key] ?? '').trim();
    if (!raw) {
      if (field.required) errors[`config.${key}`] = `${field.label} is required`;
      continue;
    }
    const problem = configValueProblem(field, raw);
    if (problem) errors[`config.${key}`] = problem;
    else config[key] = field.type === 'number' ? Number(raw) : raw;
  }
  return { errors, config };
}

export interface CronJobFormProps {
  types: JobTypeDescriptor[];
  /** The job being edited; absent for a new job. */
  job?: CronJob;
}

/** The create and edit form (§5): presets or a custom expression, config fields from the type's schema. */
export function CronJobForm({ types, job }: CronJobFormProps) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const initialType =
    job?.job_type ??
    (types.some((t) => t.type === NEW_JOB_DEFAULTS.job_type) ? NEW_JOB_DEFAULTS.job_type : (types[0]?.type ?? ''));
  const initialSchedule = job?.schedule ?? NEW_JOB_DEFAULTS.schedule;
  const [form, setForm] = useState<FormState>(() => ({
    name: job?.name ?? '',
    description: job?.description ?? '',
    job_type: initialType,
    preset: presetOf(initialSchedule) ? initialSchedule : CUSTOM,
    schedule: initialSchedule,
    enabled: job?.enabled ?? NEW_JOB_DEFAULTS.enabled,
    config: configDefaults(
      types.find((t) => t.type === initialType),
      job?.job_config,
    ),
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Set once the job is saved: the way back to the list is no longer guarded.
  const [saved, setSaved] = useState(false);
  const [initial] = useState(form);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = !saved && JSON.stringify(form) !== JSON.stringify(initial);
  const leaveGuard = useLeaveGuard(dirty, job ? 'this job' : 'the new job');
  useEffect(() => {
    if (saved) navigate('/dashboard/cron-jobs');
  }, [saved, navigate]);
  const type = types.find((t) => t.type === form.job_type);
  // The zone the server reads the schedule in: the job's own, else the account's.
  const zone = job?.timezone ?? user.timezone ?? DEFAULT_TIME_ZONE;
  const preview = useMemo(() => {
    const problem = form.schedule.trim() ? scheduleProblem(form.schedule, zone) : null;
    return problem ? { problem, runs: [] } : { problem: null, runs: nextRuns(form.schedule, zone, 3) };
  }, [form.schedule, zone]);

  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  const save = async () => {
    const { errors: found, config } = validate(form, type);
    flushSync(() => {
      setErrors(found);
      setServerError(null);
    });
    if (Object.keys(found).length) {
      // The first field to fix gets focus, shown below the top bar, rather than the button keeping it.
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    const body = {
      name: form.name.trim(),
      description: form.description.trim(),
      schedule: form.schedule.trim(),
      job_type: form.job_type,
      job_config: config,
      enabled: form.enabled,
    };
    try {
      if (job) await updateJob(job.job_uuid, body);
      else await createJob(body);
      await qc.invalidateQueries({ queryKey: cronKeys.jobs });
      setSaved(true);
    } catch (err) {
      setServerError(err instanceof ApiError && err.serverMessage ? err.serverMessage : CRON_TEXT.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={job ? 'Edit Job' : 'New Job'} className={styles.formCard}>
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {serverError && (
          <div role="alert" className={styles.formError}>
            <AlertIcon width={18} height={18} />
            {serverError}
          </div>
        )}
        <TextField
          label="Name"
          required
          value={form.name}
          error={errors.name}
          maxLength={200}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextArea
          label="Description"
          rows={2}
          value={form.description}
          maxLength={2000}
          onChange={(e) => set({ description: e.target.value })}
        />
        <Select
          label="Job type"
          required
          value={form.job_type}
          error={errors.job_type}
          hint={
            type ? (type.available ? type.description : `${type.description} Not available: ${type.reason}`) : undefined
          }
          onChange={(e) => {
            const next = types.find((t) => t.type === e.target.value);
            set({
              job_type: e.target.value,
              config: configDefaults(next, job?.job_type === e.target.value ? job.job_config : undefined),
            });
          }}
          options={types.map((t) => ({ value: t.type, label: t.available ? t.name : `${t.name} (not available)` }))}
        />
        <div className={styles.scheduleRow}>
          <Select
            label="Schedule"
            required
            value={form.preset}
            onChange={(e) => {
              const v = e.target.value;
              set(v === CUSTOM ? { preset: CUSTOM } : { preset: v, schedule: v });
            }}
            options={[
              ...SCHEDULE_PRESETS.map((p) => ({ value: p.value, label: p.label })),
              { value: CUSTOM, label: 'Custom' },
            ]}
          />
          {form.preset === CUSTOM && (
            <TextField
              label="Cron expression"
              required
              value={form.schedule}
              error={errors.schedule}
              placeholder="minute hour day month weekday, e.g. 30 6 * * 1-5"
              className={styles.mono}
              onChange={(e) => set({ schedule: e.target.value })}
            />
          )}
        </div>
        <div className={styles.preview} aria-live="polite">
          {preview.problem ? (
            <span className={styles.previewProblem}>{preview.problem}</span>
          ) : preview.runs.length ? (
            <>
              <span className={styles.previewLabel}>Next runs ({zone}):</span>
              <ul aria-label="Next runs">
                {preview.runs.map((d) => (
                  <li key={d.toISOString()}>{formatWhen(d, zone)}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        {type && Object.keys(type.configSchema).length > 0 && (
          <fieldset className={styles.configFields}>
            <legend>Settings</legend>
            {Object.entries(type.configSchema).map(([key, field]) => (
              <TextField
                key={key}
                label={field.label}
                required={field.required}
                hint={field.description}
                inputMode={field.type === 'number' ? 'numeric' : undefined}
                value={form.config[key] ?? ''}
                error={errors[`config.${key}`]}
                onChange={(e) => set({ config: { ...form.config, [key]: e.target.value } })}
              />
            ))}
          </fieldset>
        )}
        <Checkbox label="Enabled" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        <div className={styles.formActions}>
          <LinkButton to="/dashboard/cron-jobs">Cancel</LinkButton>
          <Button type="submit" variant="primary" loading={saving} loadingText="Saving...">
            {job ? 'Save Changes' : 'Create Job'}
          </Button>
        </div>
      </form>
      {leaveGuard}
    </Card>
  );
}
