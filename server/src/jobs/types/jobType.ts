import type { ConfigSchema } from '#common/api/cron.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';

/** One line of a health check: what was checked, whether it passed, and what was seen. */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** What a job type's run gets: the app, the job, a signal that aborts on timeout or cancel. */
export interface JobRun {
  ctx: AppContext;
  job: {
    id: number;
    job_uuid: string;
    user_id: number;
    name: string;
    timezone: string;
    config: Record<string, unknown>;
  };
  signal: AbortSignal;
  now: () => Date;
}

/** A run's result: `failure` set means the run failed with that message, keeping the output. */
export interface JobOutcome {
  output: string;
  failure?: string;
}

export interface JobType {
  type: string;
  name: string;
  description: string;
  configSchema: ConfigSchema;
  /** System jobs are managed by administrators only; the others by the user who created them. */
  system: boolean;
  /** Longest a run may take before it is stopped and marked failed. */
  timeoutMs(config: Record<string, unknown>): number;
  /** Why this server cannot run the type, or null when it can. */
  unavailable(config: Config): string | null;
  /** Checks beyond the config schema (names, URLs…): the message for the user, or null. */
  check?(config: Record<string, unknown>): string | null;
  run(run: JobRun): Promise<JobOutcome>;
}

/** Caps text kept in an execution's output or error. */
export const OUTPUT_LIMIT = 64 * 1024;
export function capText(text: string, limit = OUTPUT_LIMIT): string {
  if (Buffer.byteLength(text) <= limit) return text;
  return `${Buffer.from(text).subarray(0, limit).toString('utf8')}\n… (output truncated at ${limit / 1024} KB)`;
}

export const num = (config: Record<string, unknown>, key: string, fallback: number) =>
  typeof config[key] === 'number' ? (config[key] as number) : fallback;
export const text = (config: Record<string, unknown>, key: string) =>
  typeof config[key] === 'string' && (config[key] as string).trim() ? (config[key] as string).trim() : undefined;
