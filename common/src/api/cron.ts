import { z } from 'zod';
import { CRON_TEXT, EXECUTIONS_LIMIT } from '../cronSchedule.js';
import { idParam } from './common.js';

export const JOB_TYPES = [
  'database_backup',
  'log_cleanup',
  'health_check',
  'custom_script',
  'assistant_briefing',
] as const;
/** Managed by administrators only; every other type belongs to the user who created the job. */
export const SYSTEM_JOB_TYPES: ReadonlyArray<string> = [
  'database_backup',
  'log_cleanup',
  'health_check',
  'custom_script',
];
export const EXECUTION_STATUSES = ['running', 'success', 'failure', 'cancelled'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/**
 * One config key of a job type (§3 'Job type descriptor'), described by the job type itself:
 * the form shows `label` and `description` (help text) in plain words, never the key, and
 * messages about the value name it by its label.
 */
export const configField = z.object({
  type: z.enum(['number', 'text']),
  /** What the form calls the setting, e.g. 'Backups to keep'. */
  label: z.string(),
  required: z.boolean(),
  default: z.union([z.number(), z.string()]).optional(),
  /** Help text under the setting. */
  description: z.string(),
  /** Bounds of a number setting, inclusive. */
  min: z.number().int().optional(),
  max: z.number().int().optional(),
});
export type ConfigField = z.infer<typeof configField>;
export type ConfigSchema = Record<string, ConfigField>;

/**
 * What is wrong with one setting's value as typed or sent, in the user's words, or null. Shared by
 * the form (which checks before sending) and the server. A number arrives as a number or as its
 * digits; `value` is present (not blank).
 */
export function configValueProblem(field: ConfigField, value: unknown): string | null {
  if (field.type === 'number') {
    const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return `${field.label} must be a whole number`;
    if (field.min !== undefined && field.max !== undefined && (n < field.min || n > field.max))
      return `${field.label} must be between ${field.min} and ${field.max}`;
    if (field.min !== undefined && n < field.min) return `${field.label} must be at least ${field.min}`;
    if (field.max !== undefined && n > field.max) return `${field.label} must be at most ${field.max}`;
  }
  return null;
}

export const jobTypeDescriptor = z
  .object({
    type: z.string(),
    name: z.string(),
    description: z.string(),
    configSchema: z.record(z.string(), configField),
    /** false when the server cannot run this type (e.g. no scripts folder); `reason` says why. */
    available: z.boolean(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'CronJobType' });
export type JobTypeDescriptor = z.infer<typeof jobTypeDescriptor>;
export const jobTypesResponse = z.array(jobTypeDescriptor);

export const jobConfig = z.record(z.string(), z.unknown());

export const cronJob = z
  .object({
    job_uuid: z.string(),
    name: z.string(),
    description: z.string(),
    schedule: z.string(),
    timezone: z.string(),
    job_type: z.string(),
    job_config: jobConfig,
    enabled: z.boolean(),
    last_run: z.string().nullable(),
    next_run: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CronJob' });
export type CronJob = z.infer<typeof cronJob>;
export const cronJobsResponse = z.array(cronJob);

/** A page of the job list: by name (then creation), `limit` from `offset`. */
export const CRON_JOBS_PAGE_DEFAULT = 50;
export const CRON_JOBS_PAGE_MAX = 200;
export const jobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CRON_JOBS_PAGE_MAX).default(CRON_JOBS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type JobsQuery = z.infer<typeof jobsQuery>;

const name = z.string().trim().min(1, CRON_TEXT.nameRequired).max(200);
const description = z.string().trim().max(2000);
const schedule = z.string().trim().min(1, CRON_TEXT.scheduleRequired).max(200);
const jobType = z.string().trim().min(1, CRON_TEXT.typeRequired).max(100);

export const createJobRequest = z.object({
  name,
  description: description.default(''),
  schedule,
  job_type: jobType,
  job_config: jobConfig.default({}),
  enabled: z.boolean().default(true),
});
export type CreateJobRequest = z.input<typeof createJobRequest>;

/** Partial or full job body; the list's toggle sends only `enabled`. */
export const updateJobRequest = z
  .object({
    name: name.optional(),
    description: description.optional(),
    schedule: schedule.optional(),
    job_type: jobType.optional(),
    job_config: jobConfig.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');
export type UpdateJobRequest = z.infer<typeof updateJobRequest>;

export const jobIdParams = z.object({ id: z.string().uuid(CRON_TEXT.jobNotFound) });
export const jobUuidParams = z.object({ jobUuid: z.string().uuid(CRON_TEXT.jobNotFound) });
export const executionIdParams = z.object({ id: idParam() });

/**
 * A page of executions: newest first (then the later-recorded of a tie), `limit` from `offset`,
 * or the ones after a run already shown: `beforeStartedAt` and `beforeId`, the last row's
 * started_at and id (a cursor stays as fast however far back the history goes). At most 200
 * a page, as for jobs: 500 took 88–90 ms at the 99th percentile with ten readers on the
 * five-year set (bench/README.md).
 */
export const EXECUTIONS_PAGE_MAX = 200;
export const executionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(EXECUTIONS_PAGE_MAX).default(EXECUTIONS_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  beforeStartedAt: z.iso.datetime({ message: 'beforeStartedAt must be an ISO-8601 UTC time' }).optional(),
  beforeId: idParam('beforeId').optional(),
});
export const CRON_TEXT_CURSOR = 'Give beforeStartedAt and beforeId together';
export type ExecutionsQuery = z.infer<typeof executionsQuery>;

export const cronExecution = z
  .object({
    id: z.number().int(),
    job_uuid: z.string(),
    job_name: z.string(),
    job_type: z.string(),
    status: z.enum(EXECUTION_STATUSES),
    trigger: z.enum(['schedule', 'manual']),
    started_at: z.string(),
    completed_at: z.string().nullable(),
    error: z.string().nullable(),
    output: z.string().nullable(),
  })
  .meta({ id: 'CronExecution' });
export type CronExecution = z.infer<typeof cronExecution>;
export const cronExecutionsResponse = z.array(cronExecution);
