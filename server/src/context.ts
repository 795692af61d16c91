import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AiProvider } from './ai/provider.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { Dialect } from './db/migrationHelpers.js';
import type { AuthService } from './features/auth/service.js';

/** What every feature's routes and services are built from. */
export interface AppContext {
  db: Db;
  /** For reads that take milliseconds (search); never for writes (see db/index.ts). */
  reader: Db;
  dialect: Dialect;
  config: Config;
  auth: AuthService;
  version: string;
  /** The configured AI provider; `enabled` is false when none is configured. */
  ai: AiProvider;
  /** The job scheduler: routes start and cancel runs through it (see jobs/scheduler.ts). */
  jobs: JobRunner;
}

/** What the cron routes need from the scheduler. */
export interface JobRunner {
  /** Starts a run of the job now; resolves with the execution id once it is recorded. */
  trigger(jobId: number): Promise<number>;
  /** Cancels a running execution (on whichever instance runs it); false when it was not running. */
  cancel(executionId: number): Promise<boolean>;
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
