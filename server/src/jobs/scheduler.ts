import { randomUUID } from 'node:crypto';
import { CRON_TEXT, nextRun } from '#common/cronSchedule.js';
import type { AppContext, JobRunner } from '../context.js';
import { ReminderDispatcher } from '../features/reminders/dispatcher.js';
import { HttpError } from '../http/errors.js';
import * as repo from './repo.js';
import { jobTypes } from './types/index.js';
import { capText, type JobOutcome, type JobType, OUTPUT_LIMIT } from './types/jobType.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface SchedulerOptions {
  clock?: Clock;
  /** How often due jobs are looked for (default 1 s, so due runs start within a second). */
  tickMs?: number;
  /** How often a running execution says it is still alive, and learns it was cancelled. */
  heartbeatMs?: number;
  /** A running execution whose heartbeat is older than this belongs to a dead process. */
  staleMs?: number;
  /** Overrides each type's timeout (tests). */
  timeoutMs?: number;
  /** The job types to run (default: all registered types). */
  types?: JobType[];
  /** How often reminders are looked for and sent (default 15 s); 0: never (tests pass by hand). */
  reminderMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type StopReason = 'timeout' | 'cancel' | 'shutdown';

interface Active {
  abort: AbortController;
  done: Promise<void>;
}

class Stopped extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

/**
 * Runs due jobs. Every tick reads the enabled jobs whose `next_run` has passed and claims each
 * with one conditional UPDATE (see repo.claimDueRun), so with several instances on one
 * PostgreSQL database every due run runs exactly once. The next run is computed from the
 * current time, so runs missed while the server was down collapse into one run at start.
 */
export class Scheduler implements JobRunner {
  readonly instanceId = randomUUID();
  private readonly clock: Clock;
  private readonly active = new Map<number, Active>();
  private timer: NodeJS.Timeout | undefined;
  private beat: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private lastReminders = 0;
  /** Reminders come due on the scheduler's clock and are sent from its loop (features/reminders). */
  readonly reminders: ReminderDispatcher;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: SchedulerOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.reminders = new ReminderDispatcher(ctx, { now: () => this.clock.now(), log: this.logger });
  }

  private readonly logger = {
    warn: (obj: object, msg: string) => this.opts.log?.warn(obj, msg),
  };

  private reminding: Promise<void> | undefined;

  /**
   * Every `reminderMs` of the loop, looks for due reminders and sends them, beside the jobs rather
   * than in their way: a slow mail server never holds back a job that is due.
   */
  private remindersDue(): void {
    const every = this.opts.reminderMs ?? 15_000;
    if (every <= 0 || this.reminding || Date.now() - this.lastReminders < every) return;
    this.lastReminders = Date.now();
    this.reminding = this.reminders
      .pass()
      .catch((err) => this.opts.log?.error({ err }, 'reminders failed'))
      .finally(() => {
        this.reminding = undefined;
      });
  }

  /** Where failures are logged; set once the app's logger exists. */
  setLogger(log: NonNullable<SchedulerOptions['log']>) {
    this.opts.log = log;
  }

  private nowIso() {
    return this.clock.now().toISOString();
  }

  private get staleMs() {
    return this.opts.staleMs ?? 90_000;
  }

  /**
   * Marks runs a dead process left `running` as failed. With SQLite only one process uses the
   * database, so at start every running execution was interrupted; with PostgreSQL other
   * instances may be running jobs, so only executions whose heartbeat went quiet are.
   */
  async recoverInterrupted(atStart: boolean): Promise<number> {
    const now = this.clock.now();
    const staleBefore =
      atStart && this.ctx.dialect === 'sqlite' ? undefined : new Date(now.getTime() - this.staleMs).toISOString();
    return repo.failInterrupted(this.ctx.db, CRON_TEXT.interrupted, now.toISOString(), staleBefore);
  }

  /** Recovers, then looks for due jobs every tick until stopped. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.recoverInterrupted(true);
    const tickMs = this.opts.tickMs ?? 1000;
    const loop = () => {
      if (this.stopped) return;
      this.ticking = this.tick()
        .then(() => this.remindersDue())
        .catch((err) => this.opts.log?.error({ err }, 'scheduler tick failed'))
        .finally(() => {
          this.ticking = undefined;
          // Aligned to the tick boundary, so a job due at :00 starts just after :00.
          if (!this.stopped) this.timer = setTimeout(loop, tickMs - (Date.now() % tickMs) + 5);
        });
    };
    loop();
    this.beat = setInterval(
      () => void this.heartbeat().catch((err) => this.opts.log?.warn({ err }, 'scheduler heartbeat failed')),
      this.opts.heartbeatMs ?? 15_000,
    );
    this.beat.unref();
  }

  /** Stops looking for jobs, stops running ones (recorded as interrupted) and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.beat);
    await this.ticking;
    await this.reminding;
    for (const a of this.active.values()) a.abort.abort(new Stopped('shutdown'));
    await this.idle();
  }

  /** Resolves when no run of this instance is in progress. */
  async idle(): Promise<void> {
    while (this.active.size) await Promise.all([...this.active.values()].map((a) => a.done));
  }

  get runningCount() {
    return this.active.size;
  }

  /**
   * One look for due jobs: claims each and records its start in one transaction (one disk
   * flush for a whole burst of due runs), then starts the claimed runs. Resolves once they are
   * started.
   */
  async tick(): Promise<number> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const due = await repo.dueJobs(this.ctx.db, nowIso);
    if (!due.length) return 0;
    const claimed = await repo.writeTransaction(this.ctx.db, this.ctx.dialect, async (trx) => {
      const out: Array<{ id: number; job: repo.SchedulerJob }> = [];
      for (const job of due) {
        if (!job.next_run) continue;
        const next = nextRun(job.schedule, job.timezone, now)?.toISOString() ?? null;
        if (!(await repo.claimDueRun(trx, job.id, job.next_run, next, nowIso))) continue;
        const started = {
          job_id: job.id,
          trigger: 'schedule' as const,
          scheduled_for: job.next_run,
          started_at: nowIso,
        };
        const id = await repo.insertRunning(trx, { ...started, instance_id: this.instanceId });
        if (id !== undefined) out.push({ id, job });
        else {
          // Still running from before: this due run is recorded as skipped.
          await repo.insertExecution(trx, {
            ...started,
            status: 'cancelled',
            completed_at: nowIso,
            error: CRON_TEXT.skipped,
            instance_id: this.instanceId,
          });
        }
      }
      return out;
    });
    for (const { id, job } of claimed) this.begin(id, job);
    return claimed.length;
  }

  async trigger(jobId: number): Promise<number> {
    const job = await repo.jobById(this.ctx.db, jobId);
    if (!job) throw new HttpError(404, CRON_TEXT.jobNotFound);
    const startedAt = this.nowIso();
    const id = await repo.insertRunning(this.ctx.db, {
      job_id: job.id,
      trigger: 'manual',
      scheduled_for: null,
      started_at: startedAt,
      instance_id: this.instanceId,
    });
    if (id === undefined) throw new HttpError(409, CRON_TEXT.alreadyRunning);
    await repo.setLastRun(this.ctx.db, job.id, startedAt);
    this.begin(id, job);
    return id;
  }

  async cancel(executionId: number): Promise<boolean> {
    const ended = await repo.cancelExecution(this.ctx.db, executionId, CRON_TEXT.cancelledByUser, this.nowIso());
    this.active.get(executionId)?.abort.abort(new Stopped('cancel'));
    return ended;
  }

  /**
   * Keeps this instance's running executions marked alive, stops those cancelled through
   * another instance, and fails those another instance left behind.
   */
  async heartbeat(): Promise<void> {
    const ended = await repo.heartbeat(this.ctx.db, [...this.active.keys()], this.nowIso());
    for (const id of ended) this.active.get(id)?.abort.abort(new Stopped('cancel'));
    if (this.ctx.dialect === 'postgres') await this.recoverInterrupted(false);
  }

  /** Runs a recorded execution in the background. */
  private begin(id: number, job: repo.SchedulerJob) {
    const abort = new AbortController();
    const done = this.execute(id, job, abort).finally(() => this.active.delete(id));
    this.active.set(id, { abort, done });
  }

  private async execute(id: number, job: repo.SchedulerJob, abort: AbortController): Promise<void> {
    const type = (this.opts.types ?? jobTypes).find((t) => t.type === job.job_type);
    let outcome: JobOutcome;
    let status = 'success';
    let error: string | null = null;
    let timer: NodeJS.Timeout | undefined;
    try {
      if (!type) throw new Error(`Unknown job type: ${job.job_type}`);
      const reason = type.unavailable(this.ctx.config);
      if (reason) throw new Error(reason);
      const config = JSON.parse(job.job_config) as Record<string, unknown>;
      const timeoutMs = this.opts.timeoutMs ?? type.timeoutMs(config);
      timer = setTimeout(() => abort.abort(new Stopped('timeout')), timeoutMs);
      outcome = await Promise.race([
        this.runType(type, job, config, abort.signal),
        new Promise<never>((_, reject) => {
          const onAbort = () => reject(abort.signal.reason);
          if (abort.signal.aborted) onAbort();
          else abort.signal.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
      if (outcome.failure) {
        status = 'failure';
        error = outcome.failure;
      }
    } catch (err) {
      outcome = { output: '' };
      const stop = abort.signal.aborted ? (abort.signal.reason as Stopped) : undefined;
      if (stop?.reason === 'cancel') {
        status = 'cancelled';
        error = CRON_TEXT.cancelledByUser;
      } else if (stop?.reason === 'shutdown') {
        status = 'failure';
        error = CRON_TEXT.interrupted;
      } else if (stop?.reason === 'timeout') {
        status = 'failure';
        const ms = this.opts.timeoutMs ?? (type ? type.timeoutMs(JSON.parse(job.job_config)) : 0);
        error = `Timed out after ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`;
      } else {
        status = 'failure';
        error = err instanceof Error ? err.message : String(err);
        this.opts.log?.warn({ err, job: job.job_uuid }, 'job failed');
      }
    } finally {
      clearTimeout(timer);
    }
    try {
      await repo.finishExecution(this.ctx.db, id, {
        status,
        completed_at: this.nowIso(),
        error: error === null ? null : capText(error, 8 * 1024),
        // Types cap their own output with a note; this bounds any that do not.
        output: outcome.output ? capText(outcome.output, OUTPUT_LIMIT + 1024) : null,
      });
    } catch (err) {
      this.opts.log?.error({ err, execution: id }, 'could not record the end of a job run');
    }
  }

  private runType(type: JobType, job: repo.SchedulerJob, config: Record<string, unknown>, signal: AbortSignal) {
    return type.run({
      ctx: this.ctx,
      job: {
        id: job.id,
        job_uuid: job.job_uuid,
        user_id: job.user_id,
        name: job.name,
        timezone: job.timezone,
        config,
      },
      signal,
      now: () => this.clock.now(),
    });
  }
}
