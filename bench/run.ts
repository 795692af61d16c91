/**
 * npm run bench: seeds a temporary database, starts the built server (dist/bench/server.js) in
 * its own process, loads it from this process with autocannon and prints throughput and latency
 * per route next to the bare route's and next to the route's own bare twin (the same SQL
 * replayed without the app, see server/src/bench/benchServer.ts), as ratios measured in the
 * same run. Options in options.ts (`--data 5y`, `--json`, `--only`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config.js';
import { migrateToLatest, openDatabase } from '../server/src/db/index.js';
import { addUser } from '../server/src/features/users/service.js';
import { serverMemory } from './memory.js';
import { options } from './options.js';
import { scenarios as allScenarios } from './scenarios/index.js';
import { startServer } from './server.js';
import { TARGETS, targetMisses } from './stats.js';
import type { BenchRoute, BenchRow } from './types.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'bench-password-1';

const scenarios = options.only
  ? allScenarios.filter((s) => options.only?.some((w) => s.name.toLowerCase().includes(w)))
  : allScenarios.filter((s) => !s.alone);

/**
 * autocannon's aggregateResult (absent from its type definitions): the summary of raw results of
 * runs started with skipAggregateResult, their latency histograms pooled.
 */
function pool(results: unknown[]): autocannon.Result {
  const api = autocannon as unknown as { aggregateResult(r: unknown[], o: object): autocannon.Result };
  return api.aggregateResult(results, { url: 'http://127.0.0.1', connections: CONNECTIONS });
}

async function load(
  baseUrl: string,
  route: BenchRoute,
  headers: Record<string, string>,
  url = route.path,
  duration = DURATION_S,
) {
  const result = await autocannon({
    url: `${baseUrl}${url}`,
    method: route.method ?? 'GET',
    headers: { ...headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    body: route.body ? JSON.stringify(route.body) : undefined,
    connections: CONNECTIONS,
    duration,
    // The raw histograms are kept, so that the slices of a route can be pooled (loadPair).
    skipAggregateResult: true,
  });
  const summary = pool([result]);
  const bad = summary.non2xx + summary.errors;
  if (bad > 0) console.warn(`  ! ${route.label}: ${bad} failed responses`);
  // The raw result's own counts: completed requests over the run's measured length.
  const { totalCompletedRequests, duration: seconds } = result as unknown as Record<string, number>;
  const rps = (totalCompletedRequests ?? 0) / (seconds || duration);
  return { rps, p50: summary.latency.p50, p99: summary.latency.p99, raw: result };
}

const SLICE_S = 1;
const WARM_S = 0.5;
type Load = Awaited<ReturnType<typeof load>>;

/**
 * A route and its twin loaded in alternating one-second slices after both are warmed up, so
 * neither gets the JIT, the page cache or a quieter moment of a shared machine the other did not:
 * loading one whole run and then the other favoured whichever came second. Throughput is the
 * mean over the slices; p50 and p99 are those of all the slices' responses together (their
 * latency histograms pooled), and the worst single slice's p99 is kept beside them.
 */
async function loadPair(route: (s?: number) => Promise<Load>, twin: (s?: number) => Promise<Load>) {
  const rs: Load[] = [];
  const ts: Load[] = [];
  await route(WARM_S);
  await twin(WARM_S);
  const slices = Math.max(1, Math.round(DURATION_S / SLICE_S));
  for (let i = 0; i < slices; i++) {
    // Alternating which goes first in each pair, too.
    if (i % 2 === 0) {
      rs.push(await route());
      ts.push(await twin());
    } else {
      ts.push(await twin());
      rs.push(await route());
    }
  }
  const merge = (xs: Load[]) => {
    const pooled = pool(xs.map((x) => x.raw));
    return {
      rps: xs.reduce((n, x) => n + x.rps, 0) / xs.length,
      p50: pooled.latency.p50,
      p99: pooled.latency.p99,
      worstSliceP99: Math.max(...xs.map((x) => x.p99)),
    };
  };
  return { r: merge(rs), twin: merge(ts) };
}

/**
 * Calls the route once with recording on, so that its twin can replay the same queries. Every
 * route is called once before, so that what is recorded is its steady state, as the load runs
 * it: an upsert by date updates the row the load keeps updating, rather than inserting it, and a
 * read whose kept answers are checked with fewer columns than they are written from (calendar
 * events) reads those only, not everything a first read needs.
 */
async function record(baseUrl: string, route: BenchRoute, token: string, key: string) {
  const call = async (headers: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${route.path}`, {
      method: route.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...headers,
        ...(route.body ? { 'content-type': 'application/json' } : {}),
      },
      body: route.body ? JSON.stringify(route.body) : undefined,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${route.label}: ${res.status}`);
  };
  await call({});
  await call({
    'x-bench-record': key,
    ...(route.twinWithoutRows === undefined
      ? {}
      : { 'x-bench-twin-without-rows': Buffer.from(JSON.stringify(route.twinWithoutRows)).toString('base64') }),
  });
}

function printTable(rows: BenchRow[]) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(cols));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => String(r[c] ?? ''))));
}

async function main() {
  if (!fs.existsSync('dist/bench/server.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  // Seeding only: no sync per commit (the bench server reopens the file with the app's settings).
  await sql`pragma synchronous = off`.execute(handle.db);
  await addUser(handle.db, 'bench', PASSWORD, true);
  const user = await handle.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'bench')
    .executeTakeFirstOrThrow();
  for (const s of scenarios) {
    if (!s.seed) continue;
    const t = performance.now();
    await s.seed({ db: handle.db, userId: user.id });
    console.log(`seeded ${s.name} in ${Math.round(performance.now() - t)} ms`);
  }
  await handle.close();

  const profile = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.join('bench', 'results', 'profiles')}`] : [];
  // Node's flags for the server alone (`--trace-gc`, which NODE_OPTIONS does not take).
  const serverFlags = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // The MCP scenario loads one key far beyond the per-minute limit; the calendar scenario connects
  // a Radicale on this machine.
  const server = await startServer(
    'dist/bench/server.js',
    { DATA_DIR: dataDir, MCP_RATE_LIMIT_PER_MINUTE: '100000000', CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' },
    { nodeArgs: [...profile, ...serverFlags] },
  );
  const { baseUrl } = server;
  try {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    console.log(
      `\nDaymark bench: ${options.data} data set, ${CONNECTIONS} connections, ${DURATION_S} s per route, SQLite, node ${process.version}\n`,
    );

    // A warm-up, not reported: the first load of a fresh process runs before the JIT has done its work.
    await load(baseUrl, { label: 'warm-up', path: '/api/auth/me' }, { authorization: `Bearer ${token}` }, undefined, 1);
    const bare = await load(baseUrl, { label: 'bare', path: '/api/bench/bare' }, { 'x-bench-token': token });
    const rows: BenchRow[] = [
      {
        label: 'bare route (same read as /me)',
        'req/s': Math.round(bare.rps),
        'p50 ms': bare.p50,
        'p99 ms': bare.p99,
        'vs bare': '1.00',
      },
    ];
    let key = 0;
    for (const s of scenarios) {
      for (const route of s.routes ?? []) {
        const twinKey = String(++key);
        await record(baseUrl, route, token, twinKey);
        const { r, twin } = await loadPair(
          (s = SLICE_S) => load(baseUrl, route, { authorization: `Bearer ${token}` }, route.path, s),
          (s = SLICE_S) => load(baseUrl, route, { 'x-bench-token': token }, `/api/bench/twin/${twinKey}`, s),
        );
        rows.push({
          label: route.label,
          'req/s': Math.round(r.rps),
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'worst 1 s p99': r.worstSliceP99,
          'vs bare': (r.rps / bare.rps).toFixed(2),
          'twin req/s': Math.round(twin.rps),
          'twin p99 ms': twin.p99,
          'vs twin': (r.rps / twin.rps).toFixed(2),
        });
      }
    }
    printTable(rows);
    const misses = targetMisses(rows);
    console.log(`\nunder ${TARGETS.vsTwin} of the twin: ${misses.underTwin.join('; ') || 'none'}`);
    console.log(`p99 over ${TARGETS.p99Ms} ms (twin's p99): ${misses.overP99.join('; ') || 'none'}`);
    const memory = serverMemory(server.child.pid);
    if (memory)
      console.log(`\nserver memory after the routes: peak resident ${memory.peakMB} MB, resident ${memory.nowMB} MB`);
    const measures: Record<string, BenchRow[]> = {};
    for (const s of scenarios) {
      if (!s.measure) continue;
      console.log(`\n${s.name}`);
      measures[s.name] = await s.measure({ baseUrl, token, dataDir });
      printTable(measures[s.name] ?? []);
    }
    if (options.json !== null) {
      const file =
        options.json ||
        path.join('bench', 'results', `${options.data}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const figures = {
        date: new Date().toISOString(),
        data: options.data,
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        node: process.version,
        cpus: os.cpus().length,
        routes: rows,
        targetMisses: misses,
        serverMemory: memory,
        measures,
      };
      fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`\nfigures written to ${file}`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
