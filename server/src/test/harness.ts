import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AiProvider, createAiProvider } from '../ai/provider.js';
import { buildApp, LOG_REDACT } from '../app.js';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { type Db, migrateToLatest, openDatabase, type QueryLog } from '../db/index.js';
import { DbLoginThrottle } from '../features/auth/dbThrottle.js';
import { AuthService } from '../features/auth/service.js';
import { LoginThrottle, type Throttle } from '../features/auth/throttle.js';
import { addUser } from '../features/users/service.js';
import { type Scheduler, type SchedulerOptions, withScheduler } from '../jobs/index.js';

/**
 * Builds the real app on a fresh database: SQLite in a temp dir by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL points at a server (the suite runs both ways).
 */
export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  scheduler: Scheduler;
  /** Every log line the app wrote, as text. */
  logs: string[];
  /** The environment that points a child process (the CLI) at this database. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  now?: () => number;
  /** The login throttle, or how to make it on the harness's database. */
  throttle?: Throttle | ((db: Db) => Throttle);
  beforeReady?: (app: FastifyInstance) => void;
  /** The AI provider; none by default, so features use their offline fallback. */
  ai?: AiProvider;
  /** The scheduler's clock and timings; it is not started, tests call tick() themselves. */
  scheduler?: SchedulerOptions;
  /** Extra environment for the app's configuration (BACKUP_DIR, DAYMARK_SCRIPTS_DIR…). */
  env?: Record<string, string>;
  /** A second app instance on the same database (and DATA_DIR) as this one. */
  shareWith?: Harness;
  /** Receives every statement the app runs (as the bench server's recording does). */
  queryLog?: QueryLog;
}

/**
 * The environment of a test that connects calendars served on this machine (Radicale, a feed on
 * loopback): by default, as in production, calendar addresses inside the server's network are
 * refused.
 */
export const LOCAL_CALENDARS: Record<string, string> = { CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' };

let counter = 0;

async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => {} };
  const name = `daymark_t_${process.pid}_${Date.now()}_${counter++}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      // The pool's sockets may still be closing: wait for them rather than killing them, which
      // makes their clients emit unhandled errors.
      for (let i = 0; ; i++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if (i >= 20) {
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          }
          if ((err as { code?: string }).code !== '55006') throw err;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await c.end();
    },
  };
}

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const shared = opts.shareWith?.env;
  const dataDir = shared?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-test-'));
  const database = shared ? { url: shared.DATABASE_URL || undefined, drop: async () => {} } : await freshDatabaseUrl();
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'info', ...opts.env };
  const config = loadConfig(env);
  const handle = openDatabase(config, opts.queryLog);
  await migrateToLatest(handle.db);
  const { ctx, scheduler } = withScheduler(
    {
      db: handle.db,
      reader: handle.reader,
      dialect: handle.dialect,
      config,
      auth: new AuthService(
        handle.db,
        { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
        // As in production: counters in the database on PostgreSQL, in memory on SQLite.
        (typeof opts.throttle === 'function' ? opts.throttle(handle.db) : opts.throttle) ??
          (handle.dialect === 'postgres' ? new DbLoginThrottle(handle.db) : new LoginThrottle()),
        opts.now,
      ),
      version: 'test',
      ai: opts.ai ?? createAiProvider({ provider: 'none', timeoutMs: 1000, maxRetries: 0 }),
    },
    opts.scheduler,
  );
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp(ctx, { level: 'info', stream, redact: { paths: LOG_REDACT, censor: '[redacted]' } });
  scheduler.setLogger(app.log);
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    ctx,
    scheduler,
    logs,
    env,
    async close() {
      await scheduler.stop();
      await app.close();
      await handle.close();
      await database.drop();
      if (!shared) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A user's id by name (the user must exist). */
export async function userIdOf(h: Harness, username: string): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const TEST_PASSWORD = 'correct horse battery';

/** A signed-in user: `request` sends the bearer token with every call. */
export interface Client {
  username: string;
  token: string;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function signIn(h: Harness, username: string, password = TEST_PASSWORD): Promise<Client> {
  const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  return {
    username,
    token,
    request: (o) => h.app.inject({ ...o, headers: { ...o.headers, authorization: `Bearer ${token}` } }),
  };
}

export async function createUserAndSignIn(h: Harness, username: string, isAdmin = false): Promise<Client> {
  await addUser(h.ctx.db, username, TEST_PASSWORD, isAdmin);
  return signIn(h, username);
}

/**
 * The app instances of a test file, closed together (call `closeAll` after each test):
 * `instance(shareWith)` starts one with `env()` (read when it starts), on `shareWith`'s database
 * when given; `track` adds one made otherwise.
 */
export function instancePool(env: () => Record<string, string>) {
  let made: Harness[] = [];
  return {
    async instance(shareWith?: Harness): Promise<Harness> {
      const h = await createHarness({ shareWith, env: env() });
      made.push(h);
      return h;
    },
    track(h: Harness): Harness {
      made.push(h);
      return h;
    },
    async closeAll(): Promise<void> {
      for (const h of made.reverse()) await h.close();
      made = [];
    },
  };
}
