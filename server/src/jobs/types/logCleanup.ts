import { pruneBackups } from '../backup.js';
import { countSessions, deleteExecutionsBefore } from '../repo.js';
import { type JobType, num } from './jobType.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const logCleanup: JobType = {
  type: 'log_cleanup',
  name: 'Log cleanup',
  description:
    'Removes job executions older than the given days, expired sessions, and backups beyond the newest ones kept.',
  configSchema: {
    days: {
      type: 'number',
      label: 'Keep run history for (days)',
      required: true,
      default: 30,
      min: 1,
      description: 'Runs of scheduled jobs older than this many days are removed from the history.',
    },
    keep: {
      type: 'number',
      label: 'Backups to keep',
      required: true,
      default: 7,
      min: 1,
      description: 'How many of the newest database backups stay; older ones are deleted.',
    },
  },
  system: true,
  timeoutMs: () => 10 * 60 * 1000,
  unavailable: () => null,
  async run({ ctx, job, now }) {
    const days = num(job.config, 'days', 30);
    const before = new Date(now().getTime() - days * DAY_MS).toISOString();
    const executions = await deleteExecutionsBefore(ctx.db, before);
    const sessionsBefore = await countSessions(ctx.db);
    await ctx.auth.pruneExpired();
    const sessions = sessionsBefore - (await countSessions(ctx.db));
    const backups = pruneBackups(ctx.config.backupDir, num(job.config, 'keep', 7));
    return {
      output: [
        `Removed ${executions} execution${executions === 1 ? '' : 's'} older than ${days} days`,
        `Removed ${sessions} expired session${sessions === 1 ? '' : 's'}`,
        backups.length ? `Removed ${backups.length} old backup(s): ${backups.join(', ')}` : 'Removed 0 old backups',
      ].join('\n'),
    };
  },
};
