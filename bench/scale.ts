/**
 * npm run bench:scale (after npm run build): the cost of each read and write at two sizes of
 * installation on PostgreSQL, a random account per request.
 *
 * Two databases on one throwaway PostgreSQL (scripts/with-postgres.sh) are filled by the
 * generator (bench/accounts): SCALE_SMALL (100) and SCALE_LARGE (1,000) accounts, SCALE_YEARS
 * (2) years, SCALE_HEAVY (3) heavy accounts each. A built server runs on each, both at once. For
 * every route, the two servers are loaded in alternating one-second slices (BENCH_DURATION
 * slices each, BENCH_CONNECTIONS connections), each request signed in as one of SCALE_SESSIONS
 * (300) accounts drawn at random, so that no cache holds one account's rows (each account's stats
 * page is read once first, as in an installation in use). Prints p50/p99 at
 * both sizes and their ratios (goal: under 1.2), the heavy account's stats and search, and the
 * bytes and rows per account-year of each database. `--json FILE` keeps the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { addDays, todayIn } from '#common/time.js';
import { migrateToLatest, openDatabase } from '../server/src/db/index.js';
import { hashToken, newPublicId, newToken } from '../server/src/features/auth/tokens.js';
import { generate } from './accounts/generate.js';
import { sizeTable, tableSizes } from './accounts/sizes.js';
import { type RunningServer, startServer } from './server.js';

const admin = process.env.TEST_DATABASE_URL;
if (!admin) throw new Error('Run through scripts/with-postgres.sh (npm run bench:scale)');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SIZES = [num('SCALE_SMALL', 100), num('SCALE_LARGE', 1000)] as const;
const YEARS = num('SCALE_YEARS', 2);
const HEAVY = num('SCALE_HEAVY', 3);
const SESSIONS = num('SCALE_SESSIONS', 300);
const SLICES = num('BENCH_DURATION', 3);
const CONNECTIONS = num('BENCH_CONNECTIONS', 10);
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
const TODAY = todayIn('UTC');

interface Size {
  accounts: number;
  url: string;
  server: RunningServer;
  /** Session tokens of random accounts, and of the first heavy account. */
  tokens: string[];
  heavyToken: string;
  sizes: string;
}

async function prepare(accounts: number): Promise<Omit<Size, 'server'>> {
  const name = `daymark_scale_${accounts}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name}`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin as string);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  await migrateToLatest(handle.db);
  const t = performance.now();
  const made = await generate(handle.db, {
    accounts,
    years: YEARS,
    heavy: HEAVY,
    seed: 1,
    today: TODAY,
    passwordHash: 'x',
  });
  console.log(`${accounts} accounts generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await sql`ANALYZE`.execute(handle.db);
  // Sessions written straight into the database (signing in hashes a password each time).
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const session = (userId: number) => {
    const token = newToken();
    return {
      token,
      row: {
        public_id: newPublicId(),
        user_id: userId,
        token_hash: hashToken(token),
        user_agent: null,
        created_at: now,
        last_seen_at: now,
        expires_at: expires,
      },
    };
  };
  const picked = Array.from({ length: SESSIONS }, (_, i) => made[(i * 7919 + 13) % made.length]?.id as number);
  const sessions = picked.map(session);
  const heavy = session(made[1]?.id as number);
  await handle.db
    .insertInto('sessions')
    .values([...sessions, heavy].map((s) => s.row))
    .execute();
  const accountYears = made.reduce((n, a) => n + a.years, 0);
  const sizes = sizeTable(await tableSizes(handle.db, handle.dialect), accountYears);
  await handle.close();
  return { accounts, url: url.toString(), tokens: sessions.map((s) => s.token), heavyToken: heavy.token, sizes };
}

interface Route {
  label: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const week = addDays(TODAY, -new Date(`${TODAY}T00:00:00Z`).getUTCDay());
const ROUTES: Route[] = [
  { label: 'GET /api/auth/me', path: '/api/auth/me' },
  { label: 'GET /api/dashboard/overview', path: '/api/dashboard/overview' },
  { label: 'GET /api/stats?range=1y', path: '/api/stats?range=1y' },
  { label: 'GET /api/stats?range=12w', path: '/api/stats?range=12w' },
  { label: 'GET /api/search?q=meeting', path: '/api/search?q=meeting' },
  { label: 'GET /api/search?q=kestrel (rare)', path: '/api/search?q=kestrel' },
  { label: 'GET /api/todos', path: '/api/todos' },
  { label: 'GET /api/notes/headlines', path: '/api/notes/headlines' },
  { label: 'GET /api/notes/daily/{today}', path: `/api/notes/daily/${TODAY}` },
  { label: 'GET /api/workout', path: '/api/workout' },
  { label: 'GET /api/workout-log', path: '/api/workout-log' },
  { label: 'GET /api/coach/conversations', path: '/api/coach/conversations' },
  { label: 'GET /api/transcripts/summaries', path: '/api/transcripts/summaries' },
  { label: 'GET /api/weekly/{week}', path: `/api/weekly/${week}` },
  { label: 'GET /api/activities', path: '/api/activities' },
  {
    label: 'POST /api/todos',
    method: 'POST',
    path: '/api/todos',
    body: { content: 'Call the dentist', completed: true },
  },
  {
    label: 'POST /api/notes/daily/{today}',
    method: 'POST',
    path: `/api/notes/daily/${TODAY}`,
    body: { content: '## Daily Journal\nA calm day with a long meeting.\n' },
  },
  {
    label: 'POST /api/workout-log',
    method: 'POST',
    path: '/api/workout-log',
    body: { date: TODAY, entry: 'Easy 5 km run, then mobility.' },
  },
];

/** One slice of a route on one server, each request as a random account of `tokens`. */
async function slice(s: Size, route: Route, seconds: number, tokens = s.tokens) {
  const origin = s.server.baseUrl;
  const result = await autocannon({
    url: `${origin}${route.path}`,
    method: route.method ?? 'GET',
    connections: CONNECTIONS,
    duration: seconds,
    skipAggregateResult: true,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: {
            authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`,
            origin,
            ...(route.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(route.body ? { body: JSON.stringify(route.body) } : {}),
        }),
      },
    ],
  });
  return result;
}

const api = autocannon as unknown as { aggregateResult(r: unknown[], o: object): autocannon.Result };
const pool = (xs: unknown[]) => api.aggregateResult(xs, { url: 'http://127.0.0.1', connections: CONNECTIONS });

async function measure(sizes: Size[], route: Route, tokens?: (s: Size) => string[]) {
  for (const s of sizes) await slice(s, route, 0.5, tokens?.(s));
  const raw: unknown[][] = sizes.map(() => []);
  for (let i = 0; i < SLICES; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) raw[k]?.push(await slice(sizes[k] as Size, route, 1, tokens?.(sizes[k] as Size)));
  }
  return raw.map((r) => {
    const p = pool(r);
    if (p.non2xx + p.errors > 0) console.warn(`  ! ${route.label}: ${p.non2xx + p.errors} failed responses`);
    // Completed requests over the slices' measured time (the pooled summary has no rate).
    const done = (r as Array<Record<string, number>>).reduce((n, x) => n + (x.totalCompletedRequests ?? 0), 0);
    const seconds = (r as Array<Record<string, number>>).reduce((n, x) => n + (x.duration ?? 1), 0);
    return { mean: p.latency.mean, p50: p.latency.p50, p99: p.latency.p99, rps: done / seconds };
  });
}

const prepared = [];
for (const n of SIZES) prepared.push(await prepare(n));
const dataDirs = prepared.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-scale-')));
const sizes: Size[] = [];
for (const [i, p] of prepared.entries())
  sizes.push({
    ...p,
    server: await startServer('dist/server/main.js', {
      DATABASE_URL: p.url,
      DATA_DIR: dataDirs[i] as string,
      DAYMARK_SECRET_KEY: 'scale-bench-secret-key-0123456789abcdef',
      ADMIN_USERNAME: 'scaleadmin',
      ADMIN_PASSWORD: 'scale-admin-password',
    }),
  });

const rows: Array<Record<string, string | number>> = [];
try {
  // An installation in use: each account's stats page has been read once before (its weekly
  // roll-ups exist; a write later makes its week be computed again on the next read).
  for (const s of sizes)
    for (const token of [...new Set(s.tokens), s.heavyToken])
      for (const range of ['4w', '12w', '1y'])
        await fetch(`${s.server.baseUrl}/api/stats?range=${range}`, { headers: { authorization: `Bearer ${token}` } });
  for (const route of ROUTES) {
    const [a, b] = await measure(sizes, route);
    if (!a || !b) continue;
    rows.push({
      route: route.label,
      [`p50 ${SIZES[0]}`]: a.p50,
      [`p99 ${SIZES[0]}`]: a.p99,
      [`p50 ${SIZES[1]}`]: b.p50,
      [`p99 ${SIZES[1]}`]: b.p99,
      [`req/s ${SIZES[0]}`]: Math.round(a.rps),
      [`req/s ${SIZES[1]}`]: Math.round(b.rps),
      // Latencies come in whole milliseconds (3 → 4 ms reads as 1.33): the mean, exact, is the
      // ratio to judge by; p50 and p99 are given beside it.
      'ratio mean': +(b.mean / a.mean).toFixed(2),
      'ratio p50': +(b.p50 / Math.max(a.p50, 0.5)).toFixed(2),
      'ratio p99': +(b.p99 / Math.max(a.p99, 0.5)).toFixed(2),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  console.log(
    `\n${SIZES[0]} and ${SIZES[1]} accounts on PostgreSQL, a random account of ${SESSIONS} per request, ${CONNECTIONS} connections, ${SLICES} one-second slices each, alternating:`,
  );
  console.table(rows);
  // The heavy account alone (the large installation's first heavy account).
  const heavy: Array<Record<string, string | number>> = [];
  for (const route of ROUTES.filter((r) => r.path.startsWith('/api/stats') || r.path.startsWith('/api/search'))) {
    const [, b] = await measure(sizes, route, (s) => [s.heavyToken]);
    if (b) heavy.push({ route: route.label, p50: b.p50, p99: b.p99, 'req/s': Math.round(b.rps) });
  }
  console.log(`\nThe heavy account (${YEARS} years) on the ${SIZES[1]}-account installation:`);
  console.table(heavy);
  for (const s of sizes) console.log(`\nBytes and rows, ${s.accounts} accounts:\n${s.sizes}`);
  if (jsonFile)
    fs.writeFileSync(
      jsonFile,
      JSON.stringify({ sizes: SIZES, years: YEARS, rows, heavy, tables: sizes.map((s) => s.sizes) }, null, 2),
    );
} finally {
  for (const s of sizes) await s.server.stop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
}
