import { AI_ADMIN_HINTS } from './ai/errors.js';
import { bootstrap } from './bootstrap.js';
import { loadConfig } from './config.js';
import { tidySearchIndex } from './features/search/tidy.js';
import { gracefulStop } from './http/drain.js';
import { loggerOptions } from './logger.js';
import { defaultWebDir } from './version.js';

const config = loadConfig(process.env, defaultWebDir());
const { app, ctx, admin, scheduler } = await bootstrap(config, loggerOptions(config));

if (admin?.generatedPassword) {
  // Printed once, straight to the terminal and never through the log.
  process.stdout.write(
    `\n  Daymark created the administrator account.\n  Username: ${admin.username}\n  Password: ${admin.generatedPassword}\n  Sign in and keep it safe: it is not shown again. Change it with: npm run users -- passwd ${admin.username}\n\n`,
  );
} else if (admin) {
  app.log.info({ username: admin.username }, 'created the administrator account from ADMIN_USERNAME/ADMIN_PASSWORD');
}

// Once, for the administrator: users only read that no model is connected.
if (!ctx.ai.enabled) app.log.warn(AI_ADMIN_HINTS.none);

// Hourly upkeep: expired sessions go, and the search index's segments are merged (SQLite).
const upkeep = setInterval(
  () => {
    void ctx.auth.pruneExpired().catch((err) => app.log.warn({ err }, 'session cleanup failed'));
    void tidySearchIndex(ctx.db, ctx.dialect).catch((err) => app.log.warn({ err }, 'search index upkeep failed'));
  },
  60 * 60 * 1000,
);
upkeep.unref();

// SIGTERM (systemd, a container's stop, a rolling restart) or SIGINT: a graceful stop. The health
// check fails at once while requests are still served for SHUTDOWN_DRAIN_DELAY_MS, then the
// server closes and the work in flight finishes within SHUTDOWN_GRACE_MS (see http/drain.ts).
// A second signal skips the rest of the drain delay.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      app.drain.skipDelay();
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    void gracefulStop(app, app.drain, { delayMs: config.shutdown.drainDelayMs, graceMs: config.shutdown.graceMs }, () =>
      scheduler.stop(),
    )
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ port: config.port, host: config.host });
// Jobs start once the server answers, so a job's own calls and health checks find it up.
await scheduler.start();
