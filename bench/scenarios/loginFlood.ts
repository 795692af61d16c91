import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { startServer } from '../server.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario, RunContext } from '../types.js';

const GUESSES = 1000;
const FLOOD_CONCURRENCY = 20;
/** The reads alone, and the stretch of the attack compared with them (its first seconds: the hashing). */
const READ_MS = 5000;
const WARM_UP_MS = 3000;
/** Other users' steady reads: 10 people each reading 30 times a second, about a tenth of what the route can serve here. */
const STEADY_RATE = 300;
const SATURATING_CONNECTIONS = 10;

const CLIENT = new URL('./loginFloodClient.ts', import.meta.url);

/** Forks a client process (loginFloodClient.ts), gives it its job, resolves with its answer. */
function client<T>(job: object, priority = 0): { child: ChildProcess; result: Promise<T> } {
  const child = fork(CLIENT, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (priority && child.pid) os.setPriority(child.pid, priority);
  const result = new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => code !== 0 && reject(new Error(`bench client exited with ${code}`)));
  });
  child.send(job);
  return { child, result };
}

/** Reads for `ms`, or until `until` settles: [ms since the start, latency ms] of each. */
async function reads(baseUrl: string, token: string, rate: number | undefined, until: Promise<unknown> | number) {
  const r = client<Array<[number, number]>>({
    kind: 'read',
    baseUrl,
    token,
    rate,
    connections: SATURATING_CONNECTIONS,
  });
  await (typeof until === 'number' ? new Promise((res) => setTimeout(res, until)) : until);
  r.child.send('stop');
  return r.result;
}

/** The p99 of the reads that started within the first `ms` (all when omitted). */
function p99(samples: Array<[number, number]>, ms = Number.POSITIVE_INFINITY) {
  const latencies = samples.filter(([t]) => t < ms).map(([, l]) => l);
  return percentile(
    latencies.sort((a, b) => a - b),
    0.99,
  );
}

const rise = (before: number, during: number) => `${(((during - before) / before) * 100).toFixed(0)}%`;

/**
 * Login flood (hostile load): each case runs on a freshly started app on the bench's database
 * (in-memory counters start empty). Other users' reads run alone (after a warm-up), then the same
 * reads while 1,000 wrong guesses arrive from one address, 20 at a time. The attacker, the readers
 * and the bench each have their own process. A guess answered 429 was refused before any
 * password hashing; 401 means a hash was computed.
 *
 * Two kinds of readers: a steady 300 reads/s (what other people using the app do) and 10 closed
 * loops reading flat out (the server already saturated, so any extra work shows in full).
 */
export const loginFloodScenario: BenchScenario = {
  name: 'login flood: 1,000 wrong guesses from one address vs other users’ reads (GET /api/todos)',
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
        const server = await startServer('dist/server/main.js', { DATA_DIR: ctx.dataDir });
        try {
          await reads(server.baseUrl, ctx.token, rate, WARM_UP_MS);
          const before = await reads(server.baseUrl, ctx.token, rate, READ_MS);
          const attack = client<Record<number, number>>(
            {
              kind: 'flood',
              baseUrl: server.baseUrl,
              guesses: GUESSES,
              concurrency: FLOOD_CONCURRENCY,
              spread,
            },
            // The attacker's own CPU is not the server's: on a real deployment it runs elsewhere.
            // Here it shares the two cores, so it only gets what the server and readers leave.
            19,
          ).result;
          const during = await reads(server.baseUrl, ctx.token, rate, attack);
          const statuses = await attack;
          const refused = statuses[429] ?? 0;
          const p99Before = p99(before);
          const p99First = p99(during, READ_MS);
          const p99During = p99(during);
          const attackMs = Math.max(...during.map(([t]) => t));
          rows.push({
            label: `${label}; ${readerLabel}`,
            'refused 429': `${((refused / GUESSES) * 100).toFixed(1)}%`,
            'hashed (401)': statuses[401] ?? 0,
            'attack s': (attackMs / 1000).toFixed(1),
            'p99 before ms': p99Before.toFixed(1),
            [`p99 first ${READ_MS / 1000} s`]: `${p99First.toFixed(1)} (${rise(p99Before, p99First)})`,
            'p99 whole attack': `${p99During.toFixed(1)} (${rise(p99Before, p99During)})`,
          });
        } finally {
          await server.stop();
        }
      }
    }
    return rows;
  },
};
