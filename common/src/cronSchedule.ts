import { Cron } from 'croner';

/** The cron texts of the spec (part 1 §5, §8, §9), shared by server and web. */
export const CRON_TEXT = {
  fetchJobsFailed: 'Failed to fetch cron jobs',
  loadJobsFailed: 'Failed to load cron jobs',
  loadJobFailed: 'Failed to load job',
  fetchTypesFailed: 'Failed to fetch job types',
  saveFailed: 'Failed to save job',
  deleteFailed: 'Failed to delete job',
  triggerFailed: 'Failed to trigger job',
  triggered: 'Job triggered successfully',
  updateFailed: 'Failed to update job',
  loadExecutionsFailed: 'Failed to load executions',
  deleteConfirm: 'Are you sure you want to delete this job?',
  jobNotFound: 'Job not found',
  executionNotFound: 'Execution not found',
  adminOnly: 'Only administrators can manage system jobs',
  nameRequired: 'Name is required',
  typeRequired: 'Job type is required',
  scheduleRequired: 'Schedule is required',
  alreadyRunning: 'The job is already running',
  disabled: 'The job is disabled',
  skipped: 'Skipped: the previous run was still running',
  interrupted: 'Interrupted by a restart',
  cancelledByUser: 'Cancelled',
  notRunning: 'The execution is not running',
} as const;

/** Executions list limit (§9). */
export const EXECUTIONS_LIMIT = 50;

/** The schedule presets of §5, in the form's order; anything else is Custom. */
export const SCHEDULE_PRESETS = [
  { label: 'Every minute', value: '* * * * *' },
  { label: 'Every 5 minutes', value: '*/5 * * * *' },
  { label: 'Every 15 minutes', value: '*/15 * * * *' },
  { label: 'Every 30 minutes', value: '*/30 * * * *' },
  { label: 'Every hour', value: '0 * * * *' },
  { label: 'Every day at midnight', value: '0 0 * * *' },
  { label: 'Every Sunday at midnight', value: '0 0 * * 0' },
  { label: 'First day of month at midnight', value: '0 0 1 * *' },
] as const;

/** New job defaults (§5). */
export const NEW_JOB_DEFAULTS = { schedule: '0 * * * *', job_type: 'database_backup', enabled: true } as const;

export const presetOf = (schedule: string) => SCHEDULE_PRESETS.find((p) => p.value === schedule.trim());

const NICKNAMES = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@hourly']);

/**
 * Checks a cron expression: five fields (minute hour day month weekday) or a nickname such as
 * @daily, read in `zone`. Returns the reason it is not valid, or null. Seconds and years are
 * refused so that every schedule has minute granularity.
 */
export function scheduleProblem(schedule: string, zone = 'UTC'): string | null {
  const s = schedule.trim();
  if (!s) return 'Invalid schedule: it is empty';
  if (!NICKNAMES.has(s.toLowerCase()) && s.split(/\s+/).length !== 5) {
    return 'Invalid schedule: use five fields (minute hour day-of-month month day-of-week), e.g. 0 * * * *';
  }
  try {
    const next = new Cron(s, { timezone: zone, paused: true }).nextRun(new Date());
    if (!next) return 'Invalid schedule: it never runs';
  } catch (err) {
    return `Invalid schedule: ${String((err as Error).message).replace(/^Cron\w*:\s*/, '')}`;
  }
  return null;
}

/** The next `count` run times after `from`, in the schedule's zone; empty when the schedule is invalid. */
export function nextRuns(schedule: string, zone: string, count: number, from: Date = new Date()): Date[] {
  if (scheduleProblem(schedule, zone)) return [];
  return new Cron(schedule.trim(), { timezone: zone, paused: true }).nextRuns(count, from);
}

/** The first run strictly after `from`, or null. */
export function nextRun(schedule: string, zone: string, from: Date): Date | null {
  return nextRuns(schedule, zone, 1, from)[0] ?? null;
}

/** §9: under 1 s in milliseconds, under 1 minute in seconds, otherwise minutes. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${(ms / 60_000).toFixed(1)}m`;
}

/** Duration of an execution, or null while it runs. */
export function executionDuration(startedAt: string, completedAt: string | null): number | null {
  if (!completedAt) return null;
  return new Date(completedAt).getTime() - new Date(startedAt).getTime();
}
