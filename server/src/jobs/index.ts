import type { AppContext } from '../context.js';
import { Scheduler, type SchedulerOptions } from './scheduler.js';

/** Completes an app context with its scheduler (which needs the context it belongs to). */
export function withScheduler(base: Omit<AppContext, 'jobs'>, opts: SchedulerOptions = {}) {
  const ctx = base as AppContext;
  const scheduler = new Scheduler(ctx, opts);
  ctx.jobs = scheduler;
  return { ctx, scheduler };
}

export { type Clock, Scheduler, type SchedulerOptions } from './scheduler.js';
