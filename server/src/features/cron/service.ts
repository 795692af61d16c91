import { randomUUID } from 'node:crypto';
import {
  CRON_TEXT_CURSOR,
  type CreateJobRequest,
  type CronExecution,
  type CronJob,
  cronExecutionsResponse,
  cronJobsResponse,
  type ExecutionsQuery,
  type UpdateJobRequest,
} from '#common/api/cron.js';
import { CRON_TEXT, nextRun, scheduleProblem } from '#common/cronSchedule.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { jobTypeOf, jobTypes } from '../../jobs/types/index.js';
import type { JobType } from '../../jobs/types/jobType.js';
import { userTimeZone } from '../../time/userZone.js';
import { validateConfig } from './config.js';
import * as repo from './repo.js';

const forbidden = () => new HttpError(403, CRON_TEXT.adminOnly);

export const presentJob = (r: repo.JobRow): CronJob => ({
  job_uuid: r.job_uuid,
  name: r.name,
  description: r.description,
  schedule: r.schedule,
  timezone: r.timezone,
  job_type: r.job_type,
  job_config: JSON.parse(r.job_config) as Record<string, unknown>,
  enabled: r.enabled === 1,
  last_run: r.last_run,
  next_run: r.next_run,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** Jobs and execution history written by the routes' own compiled serialisers (PostgreSQL; SQLite writes them itself). */
const writeJobs = compileResponseSerializer(cronJobsResponse);
const writeExecutions = compileResponseSerializer(cronExecutionsResponse);

const presentExecution = (e: Awaited<ReturnType<typeof repo.listExecutions>>[number]): CronExecution => ({
  id: e.id,
  job_uuid: e.job_uuid,
  job_name: e.job_name,
  job_type: e.job_type,
  status: e.status as CronExecution['status'],
  trigger: e.trigger as CronExecution['trigger'],
  started_at: e.started_at,
  completed_at: e.completed_at,
  error: e.error,
  output: e.output,
});

/**
 * Who may manage a job: system types (backup, cleanup, health, scripts) administrators only,
 * 403 for others; per-user types (the briefing) only the user who created them, 404 for others.
 */
function mayReach(viewer: repo.Viewer, job: { job_type: string; user_id: number }) {
  const type = jobTypeOf(job.job_type);
  if (type?.system ?? true) {
    if (!viewer.isAdmin) throw forbidden();
  } else if (job.user_id !== viewer.id) {
    throw notFound(CRON_TEXT.jobNotFound);
  }
}

function typeFor(viewer: repo.Viewer, name: string): JobType {
  const type = jobTypeOf(name);
  if (!type) throw badRequest(`Unknown job type: ${name}`);
  if (type.system && !viewer.isAdmin) throw forbidden();
  return type;
}

function checkedConfig(ctx: AppContext, type: JobType, raw: Record<string, unknown>) {
  const reason = type.unavailable(ctx.config);
  if (reason) throw badRequest(`${type.name} is not available: ${reason}`);
  const config = validateConfig(type.configSchema, raw);
  if (typeof config === 'string') throw badRequest(config);
  const problem = type.check?.(config);
  if (problem) throw badRequest(problem);
  return config;
}

function checkedSchedule(schedule: string, zone: string) {
  const problem = scheduleProblem(schedule, zone);
  if (problem) throw badRequest(problem);
  return schedule.trim();
}

const nextFrom = (schedule: string, zone: string, enabled: boolean) =>
  enabled ? (nextRun(schedule, zone, new Date())?.toISOString() ?? null) : null;

export class CronService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /** The job, if the viewer may manage it. */
  async reachable(viewer: repo.Viewer, uuid: string) {
    const job = await repo.findJob(this.db, uuid);
    if (!job) throw notFound(CRON_TEXT.jobNotFound);
    mayReach(viewer, job);
    return job;
  }

  async list(viewer: repo.Viewer, page: repo.Page) {
    return (await repo.listJobs(this.db, viewer, page)).map(presentJob);
  }

  /** The same page as the answer's JSON text: written by SQLite itself, by the route's serialiser on PostgreSQL. */
  async listJson(viewer: repo.Viewer, page: repo.Page) {
    if (this.ctx.dialect !== 'sqlite') return writeJobs(await this.list(viewer, page));
    return repo.listJobsJson(this.db, viewer, page);
  }

  async get(viewer: repo.Viewer, uuid: string) {
    return presentJob(await this.reachable(viewer, uuid));
  }

  /** The types the viewer may create, each saying whether this server can run it. */
  types(viewer: repo.Viewer) {
    return jobTypes
      .filter((t) => viewer.isAdmin || !t.system)
      .map((t) => {
        const reason = t.unavailable(this.ctx.config);
        return {
          type: t.type,
          name: t.name,
          description: t.description,
          configSchema: t.configSchema,
          available: reason === null,
          reason,
        };
      });
  }

  async create(viewer: repo.Viewer, body: CreateJobRequest) {
    const type = typeFor(viewer, body.job_type);
    const zone = await userTimeZone(this.db, viewer.id);
    const schedule = checkedSchedule(body.schedule, zone);
    const config = checkedConfig(this.ctx, type, body.job_config ?? {});
    const enabled = body.enabled ?? true;
    const row = await repo.insertJob(this.db, {
      job_uuid: randomUUID(),
      user_id: viewer.id,
      name: body.name,
      description: body.description ?? '',
      schedule,
      timezone: zone,
      job_type: type.type,
      job_config: JSON.stringify(config),
      enabled: enabled ? 1 : 0,
      next_run: nextFrom(schedule, zone, enabled),
      now: nowIso(),
    });
    return presentJob(row);
  }

  async update(viewer: repo.Viewer, uuid: string, patch: UpdateJobRequest) {
    const job = await this.reachable(viewer, uuid);
    const type = typeFor(viewer, patch.job_type ?? job.job_type);
    const schedule = patch.schedule !== undefined ? checkedSchedule(patch.schedule, job.timezone) : job.schedule;
    const typeChanged = type.type !== job.job_type;
    const rawConfig = patch.job_config ?? (typeChanged ? {} : (JSON.parse(job.job_config) as Record<string, unknown>));
    const config =
      patch.job_config !== undefined || typeChanged
        ? checkedConfig(this.ctx, type, rawConfig)
        : JSON.parse(job.job_config);
    const enabled = patch.enabled ?? job.enabled === 1;
    // A new schedule, or switching on, counts from now; switching off clears the next run.
    const timingChanged = schedule !== job.schedule || enabled !== (job.enabled === 1);
    const row = await repo.updateJob(this.db, job.id, {
      name: patch.name ?? job.name,
      description: patch.description ?? job.description,
      schedule,
      job_type: type.type,
      job_config: JSON.stringify(config),
      enabled: enabled ? 1 : 0,
      next_run: timingChanged ? nextFrom(schedule, job.timezone, enabled) : job.next_run,
      updated_at: nowIso(),
    });
    return presentJob(row);
  }

  async remove(viewer: repo.Viewer, uuid: string) {
    const job = await this.reachable(viewer, uuid);
    // At most one execution of a job runs at a time (a unique index), and it is the newest.
    for (const e of await repo.listExecutions(this.db, viewer, { limit: 5, offset: 0 }, job.id)) {
      if (e.status === 'running') await this.ctx.jobs.cancel(e.id);
    }
    await repo.deleteJob(this.db, job.id);
  }

  async trigger(viewer: repo.Viewer, uuid: string) {
    const job = await this.reachable(viewer, uuid);
    if (job.enabled !== 1) throw badRequest(CRON_TEXT.disabled);
    const id = await this.ctx.jobs.trigger(job.id);
    return this.execution(viewer, id);
  }

  async executions(viewer: repo.Viewer, query: ExecutionsQuery, jobUuid?: string) {
    const { db, job, before } = await this.executionsPage(viewer, query, jobUuid);
    return (await repo.listExecutions(db, viewer, query, job?.id, before)).map(presentExecution);
  }

  /** The same page as the answer's JSON text: written by SQLite itself, by the route's serialiser on PostgreSQL. */
  async executionsJson(viewer: repo.Viewer, query: ExecutionsQuery, jobUuid?: string) {
    if (this.ctx.dialect !== 'sqlite') return writeExecutions(await this.executions(viewer, query, jobUuid));
    const { db, job, before } = await this.executionsPage(viewer, query, jobUuid);
    return repo.listExecutionsJson(db, viewer, query, job?.id, before);
  }

  /** Checks a page's cursor and job; where it is read from. */
  private async executionsPage(viewer: repo.Viewer, query: ExecutionsQuery, jobUuid?: string) {
    const { beforeStartedAt, beforeId } = query;
    if ((beforeStartedAt === undefined) !== (beforeId === undefined)) throw badRequest(CRON_TEXT_CURSOR);
    const before =
      beforeStartedAt && beforeId ? { startedAt: new Date(beforeStartedAt).toISOString(), id: beforeId } : undefined;
    const job = jobUuid ? await this.reachable(viewer, jobUuid) : undefined;
    // A page by offset walks every run it skips (offset 5,000: about a millisecond), so it is read
    // on a reader thread; a first page or a cursor's page reads only its own rows.
    const db = query.offset > 0 ? this.ctx.reader : this.db;
    return { db, job, before };
  }

  async execution(viewer: repo.Viewer, id: number) {
    const e = await repo.findExecution(this.db, id);
    if (!e) throw notFound(CRON_TEXT.executionNotFound);
    mayReach(viewer, e);
    return presentExecution(e);
  }

  async cancel(viewer: repo.Viewer, id: number) {
    await this.execution(viewer, id);
    if (!(await this.ctx.jobs.cancel(id))) throw new HttpError(409, CRON_TEXT.notRunning);
    return this.execution(viewer, id);
  }
}
