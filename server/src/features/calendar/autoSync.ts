import { Cron } from 'croner';
import type { App, AppContext } from '../../context.js';
import { autoSyncUserIds } from './settingsRepo.js';
import { refreshUser } from './sync.js';

/**
 * With auto_sync on (the default), every connected calendar is refreshed in the background
 * every AUTO_SYNC_MINUTES, so reads find a fresh cache. Users are refreshed one after another;
 * a failure is recorded on the connection and does not stop the others.
 */
export const AUTO_SYNC_MINUTES = 10;

export async function runAutoSync(ctx: AppContext): Promise<number> {
  let refreshed = 0;
  for (const userId of await autoSyncUserIds(ctx.db)) {
    try {
      await refreshUser(ctx, userId, { force: false });
      refreshed++;
    } catch {
      // Recorded on the connection (status expired or last_error).
    }
  }
  return refreshed;
}

export function startAutoSync(app: App, ctx: AppContext) {
  let job: Cron | null = null;
  app.addHook('onReady', async () => {
    job = new Cron(`*/${AUTO_SYNC_MINUTES} * * * *`, { protect: true, catch: true }, async () => {
      await runAutoSync(ctx);
    });
  });
  app.addHook('onClose', async () => {
    job?.stop();
  });
}
