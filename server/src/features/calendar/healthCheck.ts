import type { AppContext } from '../../context.js';
import type { CheckResult } from '../../jobs/types/jobType.js';
import * as repo from './repo.js';
import { refreshConnection } from './sync.js';

/**
 * The health check's look at a user's calendars: each connection is refreshed from its server
 * now (which also tells an expired authorization from a server that does not answer), and
 * reported with its label, ok when it is connected and the refresh worked.
 */
export async function calendarHealthChecks(ctx: AppContext, userId: number): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const conn of await repo.listConnections(ctx.db, userId)) {
    const name = `calendar ${conn.provider} (${conn.label})`;
    if (conn.status === 'connected') {
      try {
        await refreshConnection(ctx, userId, conn);
      } catch {
        // Recorded on the connection by the refresh; read back below.
      }
    }
    const now = await repo.getConnection(ctx.db, userId, conn.id);
    if (!now) continue;
    if (now.status === 'expired') {
      results.push({ name, ok: false, detail: 'authorization expired: reconnect in Calendar Settings' });
    } else if (now.last_error) {
      results.push({ name, ok: false, detail: now.last_error });
    } else {
      results.push({ name, ok: true, detail: `refreshed at ${now.last_sync_time ?? 'never'}` });
    }
  }
  return results;
}
