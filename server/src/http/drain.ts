import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The phases of a graceful stop. serving: normal. draining: the health check answers 503 so a
 * load balancer takes the instance out of rotation, while every request is still served (each
 * answer closes its connection, so the balancer opens its next ones elsewhere). closing: no new
 * connections; requests and event streams in flight finish, up to the grace time.
 */
export type DrainPhase = 'serving' | 'draining' | 'closing' | 'closed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's graceful-stop state (see http/drain.ts). */
    drain: Drain;
  }
}

export const DRAINING_MESSAGE = 'This instance is shutting down';

export interface DrainTimings {
  /** How long the instance keeps serving, its health check failing, before it closes. */
  delayMs: number;
  /** How long requests and streams in flight have once it closes; then their connections are cut. */
  graceMs: number;
}

export class Drain {
  phase: DrainPhase = 'serving';
  private hurry: (() => void) | null = null;

  get draining(): boolean {
    return this.phase !== 'serving';
  }

  /** Waits for the drain delay; `skipDelay` (a second signal) ends the wait at once. */
  waitDelay(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.hurry = null;
        resolve();
      }
      this.hurry = done;
    });
  }

  skipDelay(): void {
    this.hurry?.();
  }
}

/**
 * Wires the drain into the app: while draining, `GET /api/health` (and HEAD) answers 503 (before its
 * handler runs) and every answer carries `Connection: close`, the event streams' included (set
 * on the raw response, which their own headers are merged with).
 */
export function registerDrain(app: FastifyInstance): Drain {
  const drain = new Drain();
  app.decorate('drain', drain);
  app.server.prependListener('request', (req, res) => {
    if (!drain.draining) return;
    if (req.httpVersionMajor < 2) res.setHeader('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (drain.draining && request.routeOptions.url === '/api/health' && request.method !== 'OPTIONS') {
      return reply.code(503).header('retry-after', '1').send({ status: 'draining', error: DRAINING_MESSAGE });
    }
  });
  return drain;
}

/**
 * The graceful stop: drain (health 503, still serving) for `delayMs`, then stop the jobs and
 * close the server, letting requests and streams in flight finish for up to `graceMs` before
 * their connections are cut. Resolves once the app is closed (its database too).
 */
export async function gracefulStop(
  app: FastifyInstance,
  drain: Drain,
  timings: DrainTimings,
  stopJobs: () => Promise<void>,
  log: FastifyBaseLogger = app.log,
): Promise<void> {
  if (drain.phase !== 'serving') return;
  const started = Date.now();
  drain.phase = 'draining';
  // Connections held idle by a balancer would keep their keep-alive; from now on each closes after its answer.
  log.info(
    { delayMs: timings.delayMs },
    'draining: the health check answers 503 while requests are still served, for the balancer to take this instance out',
  );
  await drain.waitDelay(timings.delayMs);

  drain.phase = 'closing';
  log.info(
    { graceMs: timings.graceMs },
    'closing: no new connections; requests and streams in flight may finish within the grace time',
  );
  // Running jobs are stopped and recorded as interrupted before the database closes.
  await stopJobs().catch((err) => log.error({ err }, 'scheduler stop failed'));
  let cut = false;
  const grace = setTimeout(() => {
    cut = true;
    log.warn('grace time over: closing the connections still open');
    app.server.closeAllConnections();
  }, timings.graceMs);
  // A connection that falls idle while closing (a stream that began before the drain, on a
  // kept-alive connection, and has ended) is closed then, not at the keep-alive timeout, so the
  // close completes as soon as the work does.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearTimeout(grace);
    clearInterval(reaper);
  }
  drain.phase = 'closed';
  log.info({ ms: Date.now() - started, cut }, 'closed');
}
