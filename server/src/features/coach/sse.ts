import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '#common/constants.js';
import { writeNow } from '../../http/sse.js';

const KEEP_ALIVE_MS = 15_000;

/**
 * Sends each event as `data: {json}`, with keep-alive comments, until the events end. A client
 * that goes away aborts the work through `abort`.
 */
export async function writeSse(
  request: FastifyRequest,
  reply: FastifyReply,
  events: AsyncIterable<object>,
  abort: AbortController,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    // A hijacked reply skips the onSend hook that sets these on every other answer.
    'cache-control': 'no-store, no-transform',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
  });
  const onClose = () => {
    if (!res.writableFinished) abort.abort();
  };
  res.on('close', onClose);
  const timer = setInterval(() => writeNow(res, ': keep-alive\n\n'), KEEP_ALIVE_MS);
  try {
    for await (const ev of events) {
      if (abort.signal.aborted) break;
      writeNow(res, `data: ${JSON.stringify(ev)}\n\n`);
    }
  } catch (err) {
    request.log.error({ err }, 'event stream failed');
    if (!res.destroyed) writeNow(res, `data: ${JSON.stringify({ type: 'error', error: MESSAGES.somethingWrong })}\n\n`);
  } finally {
    clearInterval(timer);
    res.off('close', onClose);
    res.end();
  }
}
