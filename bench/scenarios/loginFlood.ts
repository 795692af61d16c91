import { execFileSync, fork } from 'node:child_process';
import os from 'node:os';
import { options } from '../options.js';
import { startServer } from '../server.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario, RunContext } from '../types.js';

const GUESSES = 1000;
const FLOOD_CONCURRENCY = 20;
/** The reads alone, and the stretch of the attack compared with them (its first seconds: the hashing). */
const READ_MS = 5000;
const WARM_UP_MS = 3000;
/**
 * Other users' steady reads: 10 people each reading 30 times a second, a fraction of what the
 * route can serve here. The open list, whose size the scenarios before keep as seeded: the list
 * as shown also holds the last 24 hours' done todos, of which the writes scenario adds a
 * thousand, and 300 of those reads a second were then more than the server could answer.
 */
const STEADY_RATE = 300;
const SATURATING_CONNECTIONS = 10;

const CLIENT = new URL('./loginFloodClient.ts', import.meta.url);

/**
 * A client process (loginFloodClient.ts), started and loaded before it is given its job, so that
 * starting a process (Node and its loader, on the same two cores) is never part of a measure.
 */
async function client<T>(priority = 0) {
  const child = fork(CLIENT, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (priority && child.pid) os.setPriority(child.pid, priority);
  const answer = () =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m) => resolve(m as T));
      child.once('exit', (code) => code !== 0 && reject(new Error(`bench client exited with ${code}`)));
    });
  await answer(); // 'ready'
  return {
    child,
    /** Gives the client its job; resolves with its answer. */
    run(job: object): Promise<T> {
      const result = answer();
      child.send(job);
      return result;
    },
  };
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
/** Now, on the clock every process shares (ms since the epoch). */
const clock = () => performance.timeOrigin + performance.now();

/** The samples from `from` to `to` (shared clock), as [ms since `from`, latency ms]. */
const between = (samples: Array<[number, number]>, from: number, to: number) =>
  samples.filter(([t]) => t >= from && t < to).map(([t, l]): [number, number] => [t - from, l]);

/** The p99 of the reads that started within the first `ms` (all when omitted) and were answered. */
function p99(samples: Array<[number, number]>, ms = Number.POSITIVE_INFINITY) {
  const latencies = samples.filter(([t, l]) => t < ms && l >= 0).map(([, l]) => l);
  return percentile(
    latencies.sort((a, b) => a - b),
    0.99,
  );
}

/** How many reads failed (kept with latency -1 by the client: no connection, or not 200). */
const failed = (samples: Array<[number, number]>) => samples.filter(([, l]) => l < 0).length;

const rise = (before: number, during: number) => `${(((during - before) / before) * 100).toFixed(0)}%`;

interface FloodRun {
  before: Array<[number, number]>;
  quiet: Array<[number, number]>;
  during: Array<[number, number]>;
  statuses: Record<number, number>;
}

/** One run of a case on a freshly started app: the reads alone, again, then during the attack. */
async function floodRun(ctx: RunContext, rate: number | undefined, spread: number): Promise<FloodRun> {
  // The scenarios before this one write hundreds of megabytes (the backup's copy); flushed now,
  // so that the kernel writing them back does not stall this case's own writes.
  execFileSync('sync');
  const server = await startServer('dist/server/main.js', { DATA_DIR: ctx.dataDir });
  try {
    // One reader reads from the warm-up to the end of the attack, so that no stretch measures a
    // reader's own first requests (its connections and compilation: 30–50 ms each, enough to be a
    // 5 s stretch's p99); the stretches are cut from its samples by time.
    const reader = await client<Array<[number, number]>>();
    // The attacker's own CPU is not the server's: on a real deployment it runs elsewhere. Here it
    // shares the two cores, so it only gets what the server and readers leave.
    const attacker = await client<Record<number, number>>(19);
    const samples = reader.run({
      kind: 'read',
      baseUrl: server.baseUrl,
      token: ctx.token,
      rate,
      connections: SATURATING_CONNECTIONS,
    });
    // Awaited only after the attack; a reader that dies meanwhile must fail this run (below), not
    // end the bench as an unhandled rejection with its servers left running.
    samples.catch(() => {});
    await sleep(WARM_UP_MS);
    const beforeAt = clock();
    await sleep(READ_MS);
    // A second quiet stretch as long as the attack's first seconds: how far two p99s differ with
    // no attack at all (the noise any rise is to be read against).
    const quietAt = clock();
    await sleep(READ_MS);
    const attackAt = clock();
    const statuses = await attacker.run({
      kind: 'flood',
      baseUrl: server.baseUrl,
      guesses: GUESSES,
      concurrency: FLOOD_CONCURRENCY,
      spread,
    });
    const endAt = clock();
    reader.child.send('stop');
    const all = await samples;
    return {
      before: between(all, beforeAt, quietAt),
      quiet: between(all, quietAt, attackAt),
      during: between(all, attackAt, endAt),
      statuses,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Login flood (hostile load): each case runs on a freshly started app on the bench's database
 * (in-memory counters start empty). Other users' reads run alone (after a warm-up), then the same
 * reads while 1,000 wrong guesses arrive from one address, 20 at a time. The attacker, the readers
 * and the bench each have their own process. A guess answered 429 was refused before any
 * password hashing; 401 means a hash was computed.
 *
 * The reads alone are two 5 s stretches: the p99 of both together is the baseline ("before"),
 * and the difference between their own p99s is the noise of the measure itself.
 * `--flood-runs N` repeats each case N times, each on a fresh app, and pools the samples.
 *
 * Two kinds of readers: a steady 300 reads/s (what other people using the app do) and 10 closed
 * loops reading flat out (the server already saturated, so any extra work shows in full).
 */
export const loginFloodScenario: BenchScenario = {
  name: 'login flood: 1,000 wrong guesses from one address vs other users’ reads (GET /api/todos?completed=false)',
  async measure(ctx: RunContext) {
    const rows: BenchRow[] = [];
    const targets: Array<[string, number]> = [
      ['one account', 1],
      ['spread over 200 accounts', 200],
    ];
    const readers: Array<[string, number | undefined]> = [
      [`steady ${STEADY_RATE} reads/s`, STEADY_RATE],
      [`${SATURATING_CONNECTIONS} readers flat out`, undefined],
    ];
    for (const [readerLabel, rate] of readers) {
      for (const [label, spread] of targets) {
        const runs: FloodRun[] = [];
        for (let i = 0; i < options.floodRuns; i++) runs.push(await floodRun(ctx, rate, spread));
        // Each run's samples pooled: several runs give a p99 of more samples, less at the mercy of
        // one pause of the machine.
        const pool = (pick: (r: FloodRun) => Array<[number, number]>) => runs.flatMap(pick);
        // The baseline is both quiet stretches together; how far each differs from the other is
        // the noise the rises are to be read against.
        const p99Before = p99(pool((r) => [...r.before, ...r.quiet]));
        const p99QuietFirst = p99(pool((r) => r.before));
        const p99QuietSecond = p99(pool((r) => r.quiet));
        const during = pool((r) => r.during);
        const p99First = p99(during, READ_MS);
        const p99During = p99(during);
        /** How many guesses a run was answered with `status`, on average. */
        const perRun = (status: number) => runs.reduce((n, r) => n + (r.statuses[status] ?? 0), 0) / runs.length;
        const refused = perRun(429);
        const attackMs = runs.reduce((m, r) => r.during.reduce((n, [t]) => Math.max(n, t), m), 0);
        rows.push({
          label: `${label}; ${readerLabel}`,
          runs: runs.length,
          'refused 429': `${((refused / GUESSES) * 100).toFixed(1)}%`,
          'hashed (401)': perRun(401),
          'attack s': (attackMs / 1000).toFixed(1),
          'p99 before ms': p99Before.toFixed(1),
          'quiet 5 s, then 5 s': `${p99QuietFirst.toFixed(1)}, ${p99QuietSecond.toFixed(1)} (${rise(p99QuietFirst, p99QuietSecond)})`,
          [`p99 first ${READ_MS / 1000} s`]: `${p99First.toFixed(1)} (${rise(p99Before, p99First)})`,
          'p99 whole attack': `${p99During.toFixed(1)} (${rise(p99Before, p99During)})`,
          'failed reads': failed(pool((r) => [...r.before, ...r.quiet, ...r.during])),
        });
      }
    }
    return rows;
  },
};
