/**
 * Crash safety: the real server under a steady mix of writes from several clients, killed with
 * SIGKILL at random moments and restarted each time. Every write it acknowledged (2xx) must be
 * there at the end, and SQLite's integrity_check must pass.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../freePort.js';

export interface ChaosOptions {
  kills: number;
  clients: number;
  /** PostgreSQL to use instead of SQLite (the app process is killed, not the database). */
  databaseUrl?: string;
  seed: number;
  /** Restarts the database server once, half-way, under load (PostgreSQL). */
  restartDatabase?: () => Promise<void>;
  log?: (line: string) => void;
}

export interface ChaosReport {
  database: 'sqlite' | 'postgres';
  kills: number;
  acknowledged: number;
  lost: string[];
  /** Acknowledged completions that were undone. */
  reverted: string[];
  integrity: string;
  failedRequests: number;
  serverErrors: number;
  /** 4xx answers to the clients' writes, all valid: a session lost in a crash, a limit reached. */
  refused: number;
  /** 503 answers (the database restarting), and requests that got no answer within 20 s. */
  unavailable: number;
  hangs: number;
  databaseRestarted: boolean;
  /** Times the server was found stopped without being killed. */
  crashes: number;
}

const ADMIN = { username: 'chaos', password: 'chaos-admin-password' };

/** A small deterministic PRNG (mulberry32), so a seed replays the same kill timings. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function serverCommand(): [string, string[]] {
  const built = path.resolve('dist/server/main.js');
  if (fs.existsSync(built)) return [process.execPath, [built]];
  return [path.resolve('node_modules/.bin/tsx'), [path.resolve('server/src/main.ts')]];
}

export async function chaos(opts: ChaosOptions): Promise<ChaosReport> {
  const log = opts.log ?? (() => {});
  const rand = random(opts.seed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-chaos-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_DELAY_MS: '0',
    WEB_DIR: path.join(dataDir, 'no-web'),
  };
  const [cmd, args] = serverCommand();
  let child: ChildProcess | undefined;
  let stderr = '';

  const start = async () => {
    child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d) => {
      stderr = (stderr + String(d)).slice(-4000);
    });
    for (let i = 0; i < 600; i++) {
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the server did not start: ${stderr}`);
  };
  let crashes = 0;
  const kill = async () => {
    const c = child;
    if (!c) return;
    // The app must never stop by itself (a database restart included): that is a crash.
    if (c.exitCode !== null || c.signalCode !== null) {
      crashes++;
      log(`the server had stopped by itself: ${stderr.slice(-600)}`);
      return;
    }
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };

  await start();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const acknowledged = new Map<number, string>();
  const completed = new Set<number>();
  let failedRequests = 0;
  let serverErrors = 0;
  let refused = 0;
  let unavailable = 0;
  let hangs = 0;
  // Every request has 20 s: an answer that does not come is a hang, not a slow write.
  const call = async (url: string, init: RequestInit) => {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
      if (res.status === 503) unavailable++;
      else if (res.status >= 500) serverErrors++;
      else if (res.status >= 400) refused++;
      return res;
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') hangs++;
      throw err;
    }
  };
  let running = true;
  let counter = 0;

  // Each client writes without pause: new todos, and nearly as often completes an open one it saw
  // acknowledged, so that a long run stays below the open-todo limit (TODO_OPEN_MAX) and every
  // write is one the app accepts. A new todo whose answer a kill cut off may still have been
  // stored: no client knows it, yet it counts towards the limit. Client 0 therefore reads the
  // open list now and then and completes those strangers too (they are not acknowledged writes,
  // so the check below neither needs nor counts them); with more than 1,000 known open todos,
  // completing is more likely than adding.
  const complete = (id: number) =>
    call(`${base}/api/todos/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ completed: true }) });
  const strangers: number[] = [];
  const findStrangers = async () => {
    const res = await call(`${base}/api/todos?completed=false`, { headers });
    if (!res.ok) return;
    const open = (await res.json()) as Array<{ id: number }>;
    strangers.length = 0;
    for (const t of open) if (!acknowledged.has(t.id)) strangers.push(t.id);
  };
  const client = async (n: number) => {
    let rounds = 0;
    while (running) {
      try {
        if (n === 0 && ++rounds % 200 === 0) await findStrangers();
        const stranger = strangers.pop();
        if (stranger !== undefined) {
          await complete(stranger);
          continue;
        }
        const ids = [...acknowledged.keys()].filter((id) => !completed.has(id));
        if (ids.length && rand() < (ids.length > 1000 ? 0.7 : 0.45)) {
          const id = ids[Math.floor(rand() * ids.length)] as number;
          if ((await complete(id)).ok) completed.add(id);
        } else {
          const content = `chaos ${n}-${counter++}`;
          const res = await call(`${base}/api/todos`, { method: 'POST', headers, body: JSON.stringify({ content }) });
          if (res.ok) acknowledged.set(((await res.json()) as { id: number }).id, content);
        }
      } catch {
        // The server died under the request: unacknowledged, so either outcome is allowed.
        failedRequests++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const clients = Array.from({ length: opts.clients }, (_, i) => client(i));

  let databaseRestarted = false;
  for (let k = 1; k <= opts.kills; k++) {
    await new Promise((r) => setTimeout(r, 100 + rand() * 400));
    if (opts.restartDatabase && k === Math.ceil(opts.kills / 2)) {
      // The database goes away under load while the app keeps running: it must answer 503
      // meanwhile and reconnect by itself.
      await opts.restartDatabase();
      databaseRestarted = true;
      await new Promise((r) => setTimeout(r, 1000));
      log('database server restarted under load');
    }
    await kill();
    await start();
    if (k % 10 === 0 || k === opts.kills) log(`${k} kills, ${acknowledged.size} acknowledged writes`);
  }
  running = false;
  await Promise.all(clients);

  // What the restarted server reads back, through the API as a user would: the open todos, and
  // the done history page by page (the default list keeps only the most recently done).
  type Row = { id: number; content: string; completed: boolean };
  const read = async (query: string) => (await (await fetch(`${base}/api/todos${query}`, { headers })).json()) as Row[];
  const list = await read('?completed=false');
  for (let offset = 0; ; offset += 500) {
    const page = await read(`?completed=true&limit=500&offset=${offset}`);
    list.push(...page);
    if (page.length < 500) break;
  }
  const stored = new Map(list.map((t) => [t.id, t]));
  await kill();

  const lost = [...acknowledged].filter(([id, content]) => stored.get(id)?.content !== content).map(([id]) => `#${id}`);
  const reverted = [...completed].filter((id) => stored.has(id) && !stored.get(id)?.completed).map((id) => `#${id}`);
  let integrity = 'not applicable (PostgreSQL)';
  if (!opts.databaseUrl) {
    const db = new Database(path.join(dataDir, 'daymark.db'));
    integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((r) => r.integrity_check)
      .join('; ');
    db.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    database: opts.databaseUrl ? 'postgres' : 'sqlite',
    kills: opts.kills,
    acknowledged: acknowledged.size,
    lost,
    reverted,
    integrity,
    failedRequests,
    serverErrors,
    refused,
    unavailable,
    hangs,
    databaseRestarted,
    crashes,
  };
}
