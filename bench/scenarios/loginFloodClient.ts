/**
 * The login flood's clients, each in its own process (forked by loginFlood.ts) so that the
 * attacker's requests and the readers' timing never share one event loop: a reader's latency is
 * then the server's, not the bench client's own queue.
 *
 * Once loaded it says 'ready'; then, told what to do by one IPC message, it answers with one
 * message:
 * - `flood`: `guesses` wrong passwords from this address, `concurrency` at a time → statuses.
 * - `read`: other users' `GET /api/todos?completed=false`, until told `stop` → [when it was sent (ms since the
 *   epoch, the clock the processes share), latency ms] of each read, in the order they
 *   finished. With `rate`, one request every 1000/rate ms whatever the server does (latency
 *   counted from the planned send time, so a stalled server is not hidden); without it,
 *   `connections` closed loops flat out. A read that fails (no connection within the client's
 *   10 s, or an answer other than 200) is kept as [when it was sent, -1]: counted as failed,
 *   never dropped, and the bench goes on.
 */
type Job =
  | { kind: 'flood'; baseUrl: string; guesses: number; concurrency: number; spread: number }
  | { kind: 'read'; baseUrl: string; token: string; rate?: number; connections: number };

let stopping = false;
let stopped: () => void = () => {};
const stop = new Promise<void>((r) => {
  stopped = r;
});

async function flood(job: Extract<Job, { kind: 'flood' }>) {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < job.guesses) {
        const i = next++;
        const username = job.spread > 1 ? `user${i % job.spread}` : 'bench';
        const res = await fetch(`${job.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: `wrong guess ${i}` }),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

const reasons = new Set<string>();
/** Says why reads fail, once per reason, so that a count of failed reads can be explained. */
function failedBecause(reason: string) {
  if (reasons.has(reason)) return false;
  reasons.add(reason);
  console.error(`login flood: a read failed: ${reason}`);
  return false;
}

/** Whether the read was answered 200. */
async function readOnce(job: Extract<Job, { kind: 'read' }>): Promise<boolean> {
  try {
    const res = await fetch(`${job.baseUrl}/api/todos?completed=false`, {
      headers: { authorization: `Bearer ${job.token}` },
    });
    await res.arrayBuffer();
    return res.status === 200 || failedBecause(`answered ${res.status}`);
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return failedBecause(`${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
  }
}

/** A failed read's latency: kept apart from the measured ones (see `failed` in loginFlood.ts). */
const FAILED = -1;

async function read(job: Extract<Job, { kind: 'read' }>) {
  const times: Array<[number, number]> = [];
  const start = performance.now();
  const epoch = performance.timeOrigin;
  if (!job.rate) {
    await Promise.all(
      Array.from({ length: job.connections }, async () => {
        while (!stopping) {
          const t0 = performance.now();
          const ok = await readOnce(job);
          times.push([epoch + t0, ok ? performance.now() - t0 : FAILED]);
        }
      }),
    );
    return times;
  }
  const every = 1000 / job.rate;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; !stopping; i++) {
    const planned = start + i * every;
    const wait = planned - performance.now();
    if (wait > 0) await Promise.race([new Promise((r) => setTimeout(r, wait)), stop]);
    if (stopping) break;
    // From the planned time (a send that is late counts its wait), or from the send when the
    // timer woke a little early (its clock is whole milliseconds): never negative, so a latency
    // cannot pass for a failure.
    const from = Math.min(planned, performance.now());
    inFlight.push(
      readOnce(job).then((ok) => void times.push([epoch + planned, ok ? performance.now() - from : FAILED])),
    );
  }
  await Promise.all(inFlight);
  return times;
}

process.on('message', async (msg: Job | 'stop') => {
  if (msg === 'stop') {
    stopping = true;
    stopped();
    return;
  }
  const result = msg.kind === 'flood' ? await flood(msg) : await read(msg);
  process.send?.(result, () => process.exit(0));
});

// The bench gone (its IPC channel closed), this client goes too.
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
