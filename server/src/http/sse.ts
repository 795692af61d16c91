import type { FastifyReply, FastifyRequest } from 'fastify';

/** Tunable by tests; proxies close idle connections after about a minute. */
export const sseSettings = { keepAliveMs: 15_000 };

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  close(): void;
}

/** Takes over the response as a server-sent-events stream with keep-alive comments. */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const controller = new AbortController();
  let open = true;
  const keepAlive = setInterval(() => {
    if (open) res.write(': keep-alive\n\n');
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
      if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      stop();
      res.end();
    },
  };
}
