import fs from 'node:fs';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { calendarHealthChecks } from '../../features/calendar/healthCheck.js';
import { type CheckResult, type JobType, num, text } from './jobType.js';

/**
 * Extra checks contributed by features (one per calendar connection). A feature adds its
 * function here; each returns one result per thing it checks.
 */
const featureHealthChecks: Array<(ctx: AppContext, userId: number) => Promise<CheckResult[]>> = [calendarHealthChecks];

async function databaseCheck(ctx: AppContext): Promise<CheckResult> {
  const started = Date.now();
  try {
    await sql`select 1`.execute(ctx.db);
    return { name: 'database', ok: true, detail: `${ctx.dialect} answered in ${Date.now() - started} ms` };
  } catch (err) {
    return { name: 'database', ok: false, detail: (err as Error).message };
  }
}

function diskCheck(dir: string, minFreeMb: number): CheckResult {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const s = fs.statfsSync(dir);
    const freeMb = Math.floor((s.bavail * s.bsize) / (1024 * 1024));
    return {
      name: 'disk',
      ok: freeMb >= minFreeMb,
      detail: `${freeMb} MB free under ${dir} (minimum ${minFreeMb} MB)`,
    };
  } catch (err) {
    return { name: 'disk', ok: false, detail: (err as Error).message };
  }
}

async function aiCheck(ctx: AppContext): Promise<CheckResult | null> {
  if (!ctx.ai.enabled) return null;
  const h = await ctx.ai.health();
  return {
    name: 'ai',
    ok: h.reachable,
    detail: h.reachable
      ? `${h.provider} ${h.model ?? ''} answered in ${h.latencyMs ?? '?'} ms`.replace('  ', ' ')
      : `${h.provider}: ${h.error ?? 'unreachable'}`,
  };
}

/** POSTs the failed checks as JSON; works with ntfy, Healthchecks and any webhook. */
async function notify(url: string, body: object, signal: AbortSignal): Promise<string> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
    });
    return res.ok ? `Notified ${new URL(url).host} (${res.status})` : `Notification failed: ${res.status}`;
  } catch (err) {
    return `Notification failed: ${(err as Error).message}`;
  }
}

const NOTIFY_URL_PROBLEM = 'The address to notify must be a web address starting with http:// or https://';

export const healthCheck: JobType = {
  type: 'health_check',
  name: 'Health check',
  description:
    'Checks the database, free disk space, the AI provider and calendar connections; fails when any check fails and can notify a URL.',
  configSchema: {
    min_free_mb: {
      type: 'number',
      label: 'Least free disk space (MB)',
      required: true,
      default: 500,
      min: 0,
      description: "The check fails when the disk that holds the app's data has less free space than this.",
    },
    notify_url: {
      type: 'text',
      label: 'Address to notify (optional)',
      required: false,
      description:
        'When a check fails, the results are sent to this web address, e.g. an ntfy topic, Healthchecks or any webhook.',
    },
  },
  system: true,
  timeoutMs: () => 2 * 60 * 1000,
  unavailable: () => null,
  check(config) {
    const url = text(config, 'notify_url');
    if (url) {
      try {
        const u = new URL(url);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') return NOTIFY_URL_PROBLEM;
      } catch {
        return NOTIFY_URL_PROBLEM;
      }
    }
    return null;
  },
  async run({ ctx, job, signal, now }) {
    const results: CheckResult[] = [
      await databaseCheck(ctx),
      diskCheck(ctx.config.dataDir, num(job.config, 'min_free_mb', 500)),
    ];
    const ai = await aiCheck(ctx);
    if (ai) results.push(ai);
    for (const extra of featureHealthChecks) results.push(...(await extra(ctx, job.user_id)));
    const failed = results.filter((r) => !r.ok);
    const lines = results.map((r) => `${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.detail}`);
    const url = text(job.config, 'notify_url');
    if (failed.length && url) {
      lines.push(
        await notify(
          url,
          {
            title: 'Daymark health check failed',
            job: job.name,
            time: now().toISOString(),
            failed: failed.map((f) => ({ check: f.name, detail: f.detail })),
            message: failed.map((f) => `${f.name}: ${f.detail}`).join('; '),
          },
          signal,
        ),
      );
    }
    return {
      output: lines.join('\n'),
      failure: failed.length ? `Failed: ${failed.map((f) => f.name).join(', ')}` : undefined,
    };
  },
};
