import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createHarness, type Harness } from '../test/harness.js';
import { DRAINING_MESSAGE, gracefulStop, registerDrain } from './drain.js';
import { openEventStream } from './sse.js';

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyInstance['log'];

/** A bare app with the drain, a health route, a slow route and a slow event stream, on a real socket. */
async function bareApp() {
  const app = Fastify({ return503OnClosing: false, keepAliveTimeout: 60_000 });
  registerDrain(app);
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 300));
    return { done: true };
  });
  app.get('/stream', (request, reply) => {
    const stream = openEventStream(request, reply);
    stream.send('first', { n: 1 });
    setTimeout(() => {
      stream.send('completed', { n: 2 });
      stream.close();
    }, 400);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port };
}

/** One request on `agent` (keep-alive), with its status, headers and whole body. */
function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('graceful stop', () => {
  it('fails the health check at once, serves every request meanwhile with Connection: close, then lets work in flight finish', async () => {
    const { app, port } = await bareApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const before = await get(port, '/api/health', agent);
    expect(before.status).toBe(200);
    expect(before.headers.connection).toBe('keep-alive');

    // A stream and a slow request begun before the signal, on kept-alive connections.
    const stream = get(port, '/stream', agent);
    const slow = get(port, '/slow', agent);
    await new Promise((r) => setTimeout(r, 50));
    let stoppedAt = 0;
    const stopped = gracefulStop(app, app.drain, { delayMs: 200, graceMs: 5000 }, async () => {}, silent).then(() => {
      stoppedAt = Date.now();
    });
    const signalAt = Date.now();

    const health = await get(port, '/api/health', agent);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: 'draining', error: DRAINING_MESSAGE });
    expect(health.headers.connection).toBe('close');
    const served = await get(port, '/slow', new http.Agent({ keepAlive: true }));
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe('close');

    expect((await slow).body).toBe('{"done":true}');
    const events = (await stream).body;
    expect(events).toContain('event: first');
    expect(events).toContain('event: completed');
    await stopped;
    // Closed once the stream ended, not at the keep-alive timeout.
    expect(stoppedAt - signalAt).toBeLessThan(2000);
    expect(app.drain.phase).toBe('closed');
    agent.destroy();
  });

  it('cuts the connections still open when the grace time is over', async () => {
    const { app, port } = await bareApp();
    const agent = new http.Agent({ keepAlive: true });
    const stream = get(port, '/stream', agent).catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await gracefulStop(app, app.drain, { delayMs: 0, graceMs: 100 }, async () => {}, silent);
    expect(Date.now() - started).toBeLessThan(380);
    const outcome = await stream;
    // Cut before `completed`: either an error or a body without it.
    if (!(outcome instanceof Error)) expect(outcome.body).not.toContain('event: completed');
    agent.destroy();
  });

  it("answers the app's health check with 503 and its documented body while draining", async () => {
    harness = await createHarness();
    expect((await harness.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    harness.app.drain.phase = 'draining';
    const res = await harness.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', error: DRAINING_MESSAGE });
    expect(res.headers['retry-after']).toBe('1');
    expect((await harness.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(503);
    // Everything else is still served.
    expect((await harness.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    harness.app.drain.phase = 'serving';
  });
});

describe('the drain delay', () => {
  it('ends early on a second signal', async () => {
    const app = Fastify();
    registerDrain(app);
    const started = Date.now();
    const waiting = app.drain.waitDelay(10_000);
    setTimeout(() => app.drain.skipDelay(), 50);
    await waiting;
    expect(Date.now() - started).toBeLessThan(1000);
    await app.close();
  });
});

describe('shutdown and pool settings', () => {
  it('default to a 5 s drain, a 30 s grace and 10 connections, and refuse values out of range', () => {
    const defaults = loadConfig({});
    expect(defaults.shutdown).toEqual({ drainDelayMs: 5000, graceMs: 30_000 });
    expect(defaults.databasePoolSize).toBe(10);
    const set = loadConfig({ SHUTDOWN_DRAIN_DELAY_MS: '0', SHUTDOWN_GRACE_MS: '1500', DATABASE_POOL_SIZE: '25' });
    expect(set.shutdown).toEqual({ drainDelayMs: 0, graceMs: 1500 });
    expect(set.databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '101' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_DELAY_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_DELAY_MS/);
  });
});
