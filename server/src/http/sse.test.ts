import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSse } from '../features/coach/sse.js';
import { openEventStream } from './sse.js';

/**
 * A client on its own thread: it reads `url` and, as soon as `marker` has arrived, sets the
 * shared flag and wakes whoever waits on it; it posts everything it read once the stream ends.
 */
const CLIENT = `
const http = require('node:http');
const { workerData, parentPort } = require('node:worker_threads');
const flag = new Int32Array(workerData.shared);
http.get(workerData.url, (res) => {
  res.setEncoding('utf8');
  let text = '';
  res.on('data', (chunk) => {
    text += chunk;
    if (text.includes(workerData.marker) && Atomics.load(flag, 0) === 0) {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    }
  });
  res.on('end', () => parentPort.postMessage(text));
});
`;

/**
 * Work that goes on synchronously after an event was sent, as a generation's SQLite calls and the
 * save's disk flush do: blocks until the client has the event, or gives up after five seconds.
 * True when the client had it: woken by it, or already there before the wait began.
 */
function workUntilTheClientHasIt(shared: SharedArrayBuffer): boolean {
  return Atomics.wait(new Int32Array(shared), 0, 0, 5_000) !== 'timed-out';
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Serves the app's `/s` on a free port and reads it from another thread; returns what the client read. */
async function readOnAnotherThread(shared: SharedArrayBuffer, marker: string): Promise<string> {
  if (!app) throw new Error('no app');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const worker = new Worker(CLIENT, { eval: true, workerData: { url: `http://127.0.0.1:${port}/s`, shared, marker } });
  try {
    return await new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe('event streams', () => {
  it('hand each event to the client at once, while the work after it is still running', async () => {
    const shared = new SharedArrayBuffer(4);
    let clientHadIt = false;
    app = Fastify();
    app.get('/s', async (request, reply) => {
      const stream = openEventStream(request, reply);
      stream.send('connected', { message: 'Connected' });
      clientHadIt = workUntilTheClientHasIt(shared);
      stream.send('completed', { done: true });
      stream.close();
    });
    const text = await readOnAnotherThread(shared, 'event: connected');
    expect(clientHadIt).toBe(true);
    expect(text).toBe('event: connected\ndata: {"message":"Connected"}\n\nevent: completed\ndata: {"done":true}\n\n');
  });

  it('the coach stream too', async () => {
    const shared = new SharedArrayBuffer(4);
    let clientHadIt = false;
    async function* events() {
      yield { type: 'start' };
      clientHadIt = workUntilTheClientHasIt(shared);
      yield { type: 'done' };
    }
    app = Fastify();
    app.get('/s', (request, reply) => writeSse(request, reply, events(), new AbortController()));
    const text = await readOnAnotherThread(shared, '"start"');
    expect(clientHadIt).toBe(true);
    expect(text).toBe('data: {"type":"start"}\n\ndata: {"type":"done"}\n\n');
  });
});
