import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Tunable by tests; proxies close idle connections after about a minute. */
export const sseSettings = { keepAliveMs: 15_000 };

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  close(): void;
}

/**
 * Writes `chunk` to an event stream and hands it to the socket at once. Node's response corks
 * its socket on a write and uncorks it on the next tick, which never comes while the work after
 * the write continues on one chain of promises (SQLite's calls are synchronous): the offline
 * workout generation's events, its `connected` included, all left together at its end, after
 * the save's disk flush.
 */
export function writeNow(res: ServerResponse, chunk: string): void {
  res.write(chunk);
  if (res.socket?.writableCorked) res.socket.uncork();
}

/** Takes over the response as a server-sent-events stream with keep-alive comments. */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  // No Connection header of its own: Node keeps the connection alive, and the drain's
  // `Connection: close` (set on the response while shutting down) is not overridden.
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const controller = new AbortController();
  let open = true;
  const keepAlive = setInterval(() => {
    if (open) writeNow(res, ': keep-alive\n\n');
  }, sseSettings.keepAliveMs);
  const stop = () => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
  };
  res.on('close', () => {
    if (open) {
      stop();
      controller.abort();
      request.log.info('event stream closed by the client');
    }
  });
  return {
    signal: controller.signal,
    send(event, data) {
      if (open) writeNow(res, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      stop();
      res.end();
    },
  };
}
