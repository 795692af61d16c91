import { startServer } from '../server.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario, RunContext } from '../types.js';

const GUESSES = 1000;
const READERS = 10;
const READ_MS = 3000;

/** Other users' reads, 10 at a time for a while: their latencies in ms, ascending. */
async function reads(baseUrl: string, token: string, untilDone: Promise<unknown> | null) {
  const times: number[] = [];
  let stop = false;
  const timer = untilDone ? untilDone.then(() => (stop = true)) : new Promise((r) => setTimeout(r, READ_MS));
  if (!untilDone) void timer.then(() => (stop = true));
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!stop) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/todos`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/** 1,000 wrong guesses from one address, 20 at a time; the statuses they got. */
async function flood(baseUrl: string, username: (i: number) => string) {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < GUESSES) {
        const i = next++;
        const res = await fetch(`${baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: username(i), password: `wrong guess ${i}` }),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

/**
 * Login flood (issue: hostile load): each case runs on a freshly started app on the bench's
 * database (so the in-memory counters start empty): other users' reads alone, then the same
 * reads while 1,000 wrong guesses arrive from one address. A guess answered 429 was refused
 * before any password hashing; 401 means a hash was computed.
 */
export const loginFloodScenario: BenchScenario = {
  name: 'login flood: 1,000 wrong guesses from one address vs other users’ reads (GET /api/todos, 10 at a time)',
  async measure(ctx: RunContext) {
    const rows: BenchRow[] = [];
    const cases: Array<[string, (i: number) => string]> = [
      ['one account', () => 'bench'],
      ['spread over 200 accounts', (i) => `user${i % 200}`],
    ];
    for (const [label, username] of cases) {
      const server = await startServer('dist/server/main.js', { DATA_DIR: ctx.dataDir });
      try {
        const base = await reads(server.baseUrl, ctx.token, null);
        const attack = flood(server.baseUrl, username);
        const during = await reads(server.baseUrl, ctx.token, attack);
        const statuses = await attack;
        const refused = statuses.get(429) ?? 0;
        const p99Before = percentile(base, 0.99);
        const p99During = percentile(during, 0.99);
        rows.push({
          label,
          'refused 429': `${((refused / GUESSES) * 100).toFixed(1)}%`,
          'hashed (401)': statuses.get(401) ?? 0,
          'reads p99 before ms': p99Before.toFixed(1),
          'reads p99 during ms': p99During.toFixed(1),
          'p99 rise': `${(((p99During - p99Before) / p99Before) * 100).toFixed(0)}%`,
        });
      } finally {
        await server.stop();
      }
    }
    return rows;
  },
};
