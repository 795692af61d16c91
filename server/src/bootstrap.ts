import type { FastifyServerOptions } from 'fastify';
import { createAiProvider } from './ai/provider.js';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type DbHandle, migrateToLatest, openDatabase, type QueryLog } from './db/index.js';
import { DbLoginThrottle } from './features/auth/dbThrottle.js';
import { AuthService } from './features/auth/service.js';
import { LoginThrottle } from './features/auth/throttle.js';
import { ensureAdmin } from './features/users/service.js';
import { withScheduler } from './jobs/index.js';
import { appVersion } from './version.js';

/** config → database → migrations → the first administrator and the app, side by side. Shared by main and the bench. */
export async function bootstrap(
  config: Config,
  logger: FastifyServerOptions['logger'],
  options: { queryLog?: QueryLog } = {},
) {
  const handle: DbHandle = openDatabase(config, options.queryLog);
  await migrateToLatest(handle.db);
  // The first administrator's password is hashed on the hashing thread while this one builds
  // the app (about 50 ms of a first start); both are done before anything is served.
  const creatingAdmin = ensureAdmin(handle.db, config.adminUsername, config.adminPassword);
  const { ctx, scheduler } = withScheduler({
    db: handle.db,
    reader: handle.reader,
    dialect: handle.dialect,
    config,
    auth: new AuthService(
      handle.db,
      { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
      // Several instances may share a PostgreSQL database: their counters must be one.
      handle.dialect === 'postgres' ? new DbLoginThrottle(handle.db) : new LoginThrottle(),
    ),
    version: appVersion(),
    ai: createAiProvider(config.llm),
  });
  const [admin, app] = await Promise.all([creatingAdmin, buildApp(ctx, logger)]);
  scheduler.setLogger(app.log);
  app.addHook('onClose', () => handle.close());
  return { app, ctx, admin, scheduler };
}
