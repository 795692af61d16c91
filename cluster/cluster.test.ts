/**
 * Three built instances on one PostgreSQL behind HAProxy (scripts/cluster.sh), driven over HTTP
 * through the balancer as users and API clients would: one app however requests are spread,
 * streams not buffered, and instances restarted (or killed) under load without a failed request
 * beyond what a kill cuts off. Needs `npm run build`; run with `npm run test:cluster`.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_PATH } from '#common/apiKeyConstants.js';
import { MESSAGES } from '#common/constants.js';
import { openDatabase } from '../server/src/db/index.js';
import { addUser } from '../server/src/features/users/service.js';
import { type FakeGoogle, startFakeGoogle } from '../server/src/test/fakeGoogle.js';
import {
  type Cluster,
  call,
  callFresh,
  readEvents,
  sleep,
  slowPost,
  startCluster,
  startLoad,
  until,
} from './cluster.js';

const PASSWORD = 'cluster-user-password';
const USERS = Array.from({ length: 20 }, (_, i) => `user${String(i + 1).padStart(2, '0')}`);
const RESTARTING = { error: 'The server is restarting. Try again in a moment.' };

const GOOGLE_ACCOUNT = 'alice@example.com';
let cluster: Cluster;
/** The local stand-in for Google the instances write calendar events to. */
let google: FakeGoogle;
const tokens = new Map<string, string>();
let adminToken = '';
const log = (line: string) => process.stdout.write(`  ${line}\n`);

beforeAll(async () => {
  const started = Date.now();
  google = await startFakeGoogle({ email: GOOGLE_ACCOUNT });
  cluster = await startCluster({
    ...google.env,
    CALENDAR_ALLOW_PRIVATE_HOSTS: 'true',
    SHUTDOWN_DRAIN_DELAY_MS: '1500',
    SHUTDOWN_GRACE_MS: '10000',
    CLUSTER_CHECK_INTERVAL_MS: '500',
    CLUSTER_ADMIN_PASSWORD: 'cluster-admin-password',
  });
  log(`cluster up in ${Date.now() - started} ms at ${cluster.proxy} (${cluster.dir})`);
  // Accounts as `npm run users -- add` makes them: straight into the shared database.
  const handle = openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: cluster.dir });
  try {
    for (const u of USERS) await addUser(handle.db, u, PASSWORD, false);
  } finally {
    await handle.close();
  }
  for (const u of USERS) {
    const login = await call(`${cluster.proxy}/api/auth/login`, {
      method: 'POST',
      body: { username: u, password: PASSWORD },
    });
    expect(login.status, login.text).toBe(200);
    tokens.set(u, login.json.token);
  }
  const admin = await call(`${cluster.proxy}/api/auth/login`, {
    method: 'POST',
    body: { username: 'admin', password: cluster.adminPassword },
  });
  expect(admin.status, admin.text).toBe(200);
  adminToken = admin.json.token;
  log(`${USERS.length} accounts signed in; ready after ${Date.now() - started} ms`);
});

afterAll(async () => {
  await cluster?.stop();
  await google?.stop();
});

const token = (u: string) => tokens.get(u) as string;

describe('three instances behind HAProxy on one PostgreSQL', () => {
  it('sign in on one instance and read on the others with the same session', async () => {
    const login = await call(`${cluster.proxy}/api/auth/login`, {
      method: 'POST',
      body: { username: 'user01', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.servedBy).toMatch(/^app[123]$/);
    const reads = [];
    for (let i = 0; i < 6; i++) reads.push(await call(`${cluster.proxy}/api/auth/me`, { token: login.json.token }));
    for (const r of reads) expect(r.json.user.username).toBe('user01');
    const servers = new Set(reads.map((r) => r.servedBy));
    expect(servers).toEqual(new Set(['app1', 'app2', 'app3']));
    expect(reads.filter((r) => r.servedBy !== login.servedBy).length).toBeGreaterThanOrEqual(4);
    tokens.set('user01', login.json.token);
  });

  it('passes a workout stream through event by event', async () => {
    const stream = await readEvents(`${cluster.proxy}/api/workout/stream?date=2026-12-02`, token('user02'));
    expect(stream.status).toBe(200);
    expect(stream.servedBy).toMatch(/^app[123]$/);
    const names = stream.events.map((e) => e.event);
    expect(names[0]).toBe('connected');
    expect(names.at(-1)).toBe('completed');
    const connected = stream.events[0];
    const completed = stream.events.at(-1);
    // Not held back until the end: the first event came in an earlier read than the last.
    expect(connected?.chunk).toBeLessThan(completed?.chunk ?? 0);
    log(`workout stream: connected at ${connected?.at} ms, completed at ${completed?.at} ms (${names.join(', ')})`);
  });

  it('passes a coach conversation stream through: the conversation first, the saved reply last', async () => {
    const stream = await readEvents(`${cluster.proxy}/api/coach/chat/stream`, token('user03'), {
      messages: [{ role: 'user', content: 'How was my week?' }],
      coachType: 'assistant',
    });
    expect(stream.status).toBe(200);
    expect(stream.servedBy).toMatch(/^app[123]$/);
    const types = stream.events.map((e) => (e.data as { type: string }).type);
    expect(types[0]).toBe('conversation');
    expect(types.at(-1)).toBe('message');
    const uuid = (stream.events[0]?.data as { conversation_uuid: string } | undefined)?.conversation_uuid;
    // Saved: every instance reads the conversation with the reply.
    for (let i = 0; i < 3; i++) {
      const read = await call(`${cluster.proxy}/api/coach/conversations/${uuid}`, { token: token('user03') });
      expect(read.status).toBe(200);
      expect(read.json.messages.length).toBe(2);
    }
    log(`coach stream: ${types.join(', ')}`);
  });

  it('runs a job that is due exactly once across the three', async () => {
    const uuids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const job = await call(`${cluster.proxy}/api/cron/jobs`, {
        method: 'POST',
        token: adminToken,
        body: { name: `Once ${i}`, schedule: '0 0 1 1 *', job_type: 'health_check', job_config: { min_free_mb: 0 } },
      });
      expect(job.status, job.text).toBe(201);
      uuids.push(job.json.job_uuid);
    }
    // Due now: every instance's scheduler sees it on its next tick (each second).
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const due = new Date(Date.now() - 1000).toISOString();
      await db.query('UPDATE cron_jobs SET next_run = $1 WHERE job_uuid = ANY($2)', [due, uuids]);
      for (const uuid of uuids) {
        await until('the run', 15_000, async () => {
          const runs = await call(`${cluster.proxy}/api/cron/executions/${uuid}`, { token: adminToken });
          return runs.json.length > 0 ? true : undefined;
        });
      }
      // A few more ticks on every instance.
      await sleep(3000);
      for (const uuid of uuids) {
        const runs = await call(`${cluster.proxy}/api/cron/executions/${uuid}`, { token: adminToken });
        expect(runs.json.map((r: { trigger: string }) => r.trigger)).toEqual(['schedule']);
      }
      const by = await db.query(
        'SELECT e.instance_id FROM cron_executions e JOIN cron_jobs j ON j.id = e.job_id WHERE j.job_uuid = ANY($1)',
        [uuids],
      );
      log(
        `${uuids.length} due jobs, ${by.rows.length} runs, by ${new Set(by.rows.map((r) => r.instance_id)).size} instance(s)`,
      );
      expect(by.rows).toHaveLength(uuids.length);
    } finally {
      await db.end();
    }
  });

  it('answers MCP through the balancer with an API key', async () => {
    const key = await call(`${cluster.proxy}/api/api-keys`, {
      method: 'POST',
      token: token('user03'),
      body: { name: 'cluster' },
    });
    expect(key.status, key.text).toBe(201);
    const todo = await call(`${cluster.proxy}/api/todos`, {
      method: 'POST',
      token: token('user03'),
      body: { content: 'visible over MCP' },
    });
    expect(todo.status).toBe(201);
    const rpc = (id: number, method: string, params: object) =>
      call(`${cluster.proxy}${MCP_PATH}`, {
        method: 'POST',
        headers: { 'x-api-key': key.json.key, accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id, method, params },
      });
    const init = await rpc(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'cluster-test', version: '1' },
    });
    expect(init.status, init.text).toBe(200);
    const list = await rpc(2, 'tools/list', {});
    expect(list.status, list.text).toBe(200);
    expect(list.json.result.tools.map((t: { name: string }) => t.name)).toContain('todos_list');
    const todos = await rpc(3, 'tools/call', { name: 'todos_list', arguments: {} });
    expect(todos.status, todos.text).toBe(200);
    expect(todos.json.result.isError ?? false).toBe(false);
    expect(JSON.stringify(todos.json.result)).toContain('visible over MCP');
    expect(new Set([init.servedBy, list.servedBy, todos.servedBy]).size).toBeGreaterThanOrEqual(2);
  });

  it('writes a workout to Google Calendar once when three syncs of it arrive together on the three instances', async () => {
    const t = token('user03');
    // A plan made before the calendar was connected: the syncs below are its only writes.
    const date = '2026-12-10';
    const made = await readEvents(`${cluster.proxy}/api/workout/stream?date=${date}`, t);
    const plan = made.events.at(-1);
    expect(plan?.event).toBe('completed');
    const planId = (plan?.data as { id: number } | undefined)?.id;

    // Connected through Google's consent page, the callback answered by whichever instance.
    const authUrl = await call(`${cluster.proxy}/api/calendar/auth-url?baseUrl=http://localhost:5173`, { token: t });
    expect(authUrl.status, authUrl.text).toBe(200);
    const consent = await google.consent(authUrl.json.authUrl);
    const callback = await call(
      `${cluster.proxy}/api/calendar/oauth-callback?code=${encodeURIComponent(consent.code ?? '')}&state=${encodeURIComponent(consent.state ?? '')}`,
      { token: t },
    );
    expect(callback.json, callback.text).toMatchObject({ success: true });
    log(`Google: authorization URL from ${authUrl.servedBy}, callback on ${callback.servedBy}`);

    const syncs = await Promise.all(
      Array.from({ length: 3 }, () =>
        callFresh(`${cluster.proxy}/api/calendar/sync-workout/${planId}`, { method: 'POST', token: t }),
      ),
    );
    for (const r of syncs) expect(r.status, r.text).toBe(200);
    expect(new Set(syncs.map((r) => r.servedBy))).toEqual(new Set(['app1', 'app2', 'app3']));
    expect(syncs.filter((r) => !r.json.updated)).toHaveLength(1);
    const events = google.events(GOOGLE_ACCOUNT).filter((e) => e.start.date === date);
    expect(events).toHaveLength(1);
    expect(syncs.map((r) => r.json.event_id)).toEqual(Array(3).fill(events[0]?.id));
    const inserts = google.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/events'));
    expect(inserts).toHaveLength(1);
  });

  it('SIGTERM drains an instance: health 503 at once, work in flight finishes, exit 0 well before the grace time', async () => {
    const n = 1;
    const direct = cluster.instanceUrl(n);
    const pid = cluster.pid(n);
    const slow = slowPost(direct, '/api/todos', token('user04'), { content: 'sent across a shutdown' });
    await sleep(150);
    const signalled = Date.now();
    process.kill(pid, 'SIGTERM');
    await sleep(100);

    const health = await call(`${direct}/api/health`);
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ status: 'draining' });
    // Still serving meanwhile, each answer closing its connection; a stream too.
    const read = await call(`${direct}/api/todos`, { token: token('user04') });
    expect(read.status).toBe(200);
    expect(read.connection).toBe('close');
    const stream = await readEvents(`${direct}/api/workout/stream?date=2026-12-03`, token('user04'));
    expect(stream.events.at(-1)?.event).toBe('completed');
    // The balancer takes it out within the drain delay.
    await until('HAProxy to mark the instance down', cluster.drainMs, async () =>
      (await cluster.proxyStatus(n)).startsWith('DOWN') ? true : undefined,
    );
    const downAfter = Date.now() - signalled;

    // Then it closes: no new connections, while the request in flight is still open.
    await until('the listener to close', cluster.drainMs + 3000, async () => {
      try {
        await fetch(`${direct}/api/health`, { signal: AbortSignal.timeout(1000) });
        return undefined;
      } catch {
        return true;
      }
    });
    const closedAfter = Date.now() - signalled;
    expect(cluster.exitStatus(n)).toBeNull();
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.text).toBe(201);
    const status = await until('the exit', cluster.graceMs, async () => cluster.exitStatus(n) ?? undefined);
    const exitedAfter = Date.now() - signalled;
    expect(status).toBe('0');
    expect(exitedAfter).toBeLessThan(cluster.graceMs);
    log(
      `SIGTERM: HAProxy saw it down after ${downAfter} ms, closed after ${closedAfter} ms, exit 0 after ${exitedAfter} ms`,
    );

    const restarted = await cluster.script('restart-instance', String(n));
    expect(restarted.code, restarted.output).toBe(0);
    const list = await call(`${cluster.proxy}/api/todos`, { token: token('user04') });
    expect(list.json.filter((t: { content: string }) => t.content === 'sent across a shutdown')).toHaveLength(1);
  });

  it('restarts every instance in turn under load without one failed request or a lost or doubled write', async () => {
    const clients = USERS.slice(4, 12).map(token);
    const load = startLoad(cluster.proxy, clients, 'rolling', { streams: true });
    const started = Date.now();
    await sleep(800);
    for (let n = 1; n <= cluster.instances; n++) {
      const r = await cluster.script('restart-instance', String(n));
      expect(r.code, r.output).toBe(0);
      log(r.output.trim().split('\n').join(' / '));
    }
    await sleep(800);
    const { records, sent, acknowledged } = await load.stop();
    const failed = records.filter((r) => r.status === null || r.status < 200 || r.status >= 300);
    log(
      `rolling restart: ${records.length} requests in ${Date.now() - started} ms (${records.filter((r) => r.kind === 'write').length} writes, ${records.filter((r) => r.kind === 'stream').length} streams), ${failed.length} failed`,
    );
    expect(failed).toEqual([]);
    expect(acknowledged.size).toBe(sent.size);
    await expectWrittenOnce(clients, 'rolling', acknowledged, sent);
  });

  it('SIGKILL: only the requests in flight on the killed instance fail, each with the JSON error page', async () => {
    const n = 2;
    const clients = USERS.slice(12, 20).map(token);
    // Each request on a connection of its own: HAProxy answers a request that a dead instance
    // cut off with its error page; on a kept-alive client connection it would close that
    // connection without an answer instead, for the client to retry (see the README).
    const load = startLoad(cluster.proxy, clients, 'kill', { freshConnections: true });
    await sleep(1500);
    const killedAt = Date.now();
    process.kill(cluster.pid(n), 'SIGKILL');
    await sleep(3000);
    const { records, sent, acknowledged } = await load.stop();
    const failed = records.filter((r) => r.status === null || r.status < 200 || r.status >= 300);
    log(
      `SIGKILL: ${records.length} requests, ${failed.length} failed: ${failed.map((f) => `${f.kind} ${f.status ?? f.error}`).join(', ')}`,
    );
    // At most one request per client was in flight on it.
    expect(failed.length).toBeLessThanOrEqual(clients.length);
    for (const f of failed) {
      expect([502, 503, 504]).toContain(f.status);
      expect(JSON.parse(f.text ?? '')).toEqual(RESTARTING);
      // In flight on it: sent before the kill, or in the moment before HAProxy saw it gone.
      expect(f.start).toBeLessThanOrEqual(killedAt + 1000);
    }
    // After it, everything is answered by the two others.
    const after = records.filter((r) => r.start > killedAt + 1000);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((r) => r.status === null || r.status < 200 || r.status >= 300)).toEqual([]);
    await expectWrittenOnce(clients, 'kill', acknowledged, sent);

    const restarted = await cluster.script('restart-instance', String(n));
    expect(restarted.code, restarted.output).toBe(0);
  });

  // Last: the balancer's address (127.0.0.1, as HAProxy reports every client here) ends up refused too.
  it('counts failed sign-ins across the instances as one: guesses spread over three lock as many on one', async () => {
    const guess = (url: string, username: string, i: number, from?: string) =>
      call(`${url}/api/auth/login`, {
        method: 'POST',
        headers: from ? { 'x-forwarded-for': from } : {},
        body: { username, password: `guess ${i}` },
      });
    const expected = [...Array(10).fill(401), 429];

    // Through the balancer.
    const spread = [];
    for (let i = 0; i < 11; i++) spread.push(await guess(cluster.proxy, 'user19', i));
    log(`guesses through the balancer answered by ${spread.map((r) => r.servedBy).join(' ')}`);
    expect(new Set(spread.map((r) => r.servedBy)).size).toBeGreaterThanOrEqual(2);
    expect(spread.map((r) => r.status)).toEqual(expected);
    expect(spread.at(-1)?.json).toEqual({ error: MESSAGES.tooManyAttempts });

    // Strictly in turn over the three (as the proxy would report one client address), and on one alone.
    const inTurn = [];
    for (let i = 0; i < 11; i++)
      inTurn.push((await guess(cluster.instanceUrl((i % 3) + 1), 'user20', i, '10.20.30.40')).status);
    const one = [];
    for (let i = 0; i < 11; i++) one.push((await guess(cluster.instanceUrl(3), 'user18', i, '10.20.30.41')).status);
    expect(inTurn).toEqual(expected);
    expect(one).toEqual(expected);

    // The username is held on every instance, whatever the address; the right password too.
    for (let n = 1; n <= cluster.instances; n++) {
      const r = await call(`${cluster.instanceUrl(n)}/api/auth/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': `10.0.0.${n}` },
        body: { username: 'user19', password: PASSWORD },
      });
      expect(r.status).toBe(429);
      expect(r.json).toEqual({ error: MESSAGES.tooManyAttempts });
    }
  });
});

/** Every acknowledged todo exists exactly once; an unacknowledged one at most once; no other. */
async function expectWrittenOnce(
  clientTokens: string[],
  tag: string,
  acknowledged: Map<string, number>,
  sent: Map<string, number>,
) {
  const counts = new Map<string, number>();
  for (const t of clientTokens) {
    const list = await call(`${cluster.proxy}/api/todos?completed=false`, { token: t });
    expect(list.status).toBe(200);
    for (const todo of list.json as Array<{ content: string }>) {
      if (todo.content.startsWith(`${tag} `)) counts.set(todo.content, (counts.get(todo.content) ?? 0) + 1);
    }
  }
  for (const content of acknowledged.keys()) expect(counts.get(content), content).toBe(1);
  for (const [content, count] of counts) {
    expect(sent.has(content), `${content} was never sent`).toBe(true);
    expect(count, content).toBe(1);
  }
}
