import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/constants.js';
import { todayIn } from '#common/time.js';
import { addUser } from '../features/users/service.js';
import { createHarness, type Harness, LOCAL_CALENDARS, TEST_PASSWORD } from './harness.js';
import { startIcsFeed } from './icsFeed.js';

/**
 * Three app instances on one PostgreSQL database, behind one address: a round-robin in front of
 * them sends each request to the next instance, as a load balancer would.
 */
let instances: Harness[] = [];
afterEach(async () => {
  for (const h of instances.slice().reverse()) await h.close();
  instances = [];
});

async function cluster(n: number) {
  // One test subscribes to a feed served on this machine.
  const first = await createHarness({ env: LOCAL_CALENDARS });
  instances = [first];
  for (let i = 1; i < n; i++) instances.push(await createHarness({ shareWith: first, env: LOCAL_CALENDARS }));
  let next = 0;
  const send = (opts: InjectOptions) => {
    const h = instances[next++ % instances.length] as Harness;
    return h.app.inject(opts);
  };
  return { first, send };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('three app instances behind one address', () => {
  it('share sessions and logouts: a token works on every instance until it signs out on one', async () => {
    const { first, send } = await cluster(3);
    await addUser(first.ctx.db, 'alice', TEST_PASSWORD, false);
    const login = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    const todo = await send({
      method: 'POST',
      url: '/api/todos',
      headers: auth,
      payload: { content: 'written on one' },
    });
    expect(todo.statusCode).toBe(201);
    for (let i = 0; i < 6; i++) {
      const list = await send({ method: 'GET', url: '/api/todos', headers: auth });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((t: { content: string }) => t.content)).toEqual(['written on one']);
    }
    expect((await send({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await send({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
  });

  it('throttle guessing as one app: spreading guesses over the instances gains nothing', async () => {
    const { first, send } = await cluster(3);
    await addUser(first.ctx.db, 'alice', TEST_PASSWORD, false);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await send({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'alice', password: `guess ${i}` },
      });
      statuses.push(res.statusCode);
    }
    // Ten wrong guesses per username in all (not ten per instance), then 429 everywhere.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    const right = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('serve the calendar as one app: a refresh or a disconnect on one instance is what every instance shows', async () => {
    const { first, send } = await cluster(3);
    await addUser(first.ctx.db, 'alice', TEST_PASSWORD, false);
    const login = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    const auth = { authorization: `Bearer ${login.json().token}` };
    const today = todayIn('UTC');
    const feed = await startIcsFeed([
      { uid: 'a', summary: 'Stand-up', start: `${today}T09:00:00Z`, end: `${today}T09:15:00Z` },
    ]);
    try {
      const sub = await send({
        method: 'POST',
        url: '/api/calendar/ics',
        headers: auth,
        payload: { url: feed.url, name: 'Team' },
      });
      expect(sub.statusCode, sub.body).toBe(201);
      const titles = async () => {
        const res = await send({
          method: 'GET',
          url: `/api/calendar/events/range?startDate=${today}&endDate=${today}`,
          headers: auth,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().map((e: { summary: string }) => e.summary);
      };
      for (let i = 0; i < 3; i++) expect(await titles()).toEqual(['Stand-up']);

      // The meeting moves on the calendar server; one instance refreshes, every instance shows it.
      feed.set([{ uid: 'b', summary: 'Retro', start: `${today}T15:00:00Z`, end: `${today}T16:00:00Z` }]);
      expect((await send({ method: 'POST', url: '/api/calendar/refresh', headers: auth })).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect(await titles()).toEqual(['Retro']);

      // Unsubscribed on one instance: no instance still serves its events.
      const gone = await send({ method: 'DELETE', url: `/api/calendar/ics/${sub.json().id}`, headers: auth });
      expect(gone.statusCode, gone.body).toBeLessThan(300);
      for (let i = 0; i < 3; i++) {
        const overview = await send({ method: 'GET', url: '/api/dashboard/overview', headers: auth });
        expect(overview.json().calendar).toEqual({ connected: false, expired: false, events: [] });
        expect(await titles()).toEqual([]);
      }
    } finally {
      await feed.close();
    }
  });
});
