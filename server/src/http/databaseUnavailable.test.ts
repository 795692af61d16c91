import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/constants.js';
import { createHarness, createUserAndSignIn, type Harness } from '../test/harness.js';
import { databaseUnavailable } from './errorHandler.js';

let h: Harness;
afterEach(async () => h?.close());

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

describe('a database that cannot be reached', () => {
  it('answers 503 {error} with Retry-After, not 500, when PostgreSQL refuses the connection', async () => {
    const port = await closedPort();
    h = await createHarness({
      beforeReady: (app) =>
        app.get('/api/test/unreachable', { config: { public: true } }, async () => {
          const client = new pg.Client({ connectionString: `postgres://nobody@127.0.0.1:${port}/none` });
          await client.connect();
          return { never: true };
        }),
    });
    const res = await h.app.inject({ method: 'GET', url: '/api/test/unreachable' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: MESSAGES.databaseUnavailable });
    expect(res.headers['retry-after']).toBe('5');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'recovers by itself when the server drops every connection (a restart): never a 500',
    async () => {
      h = await createHarness();
      const alice = await createUserAndSignIn(h, 'alice');
      expect(
        (await alice.request({ method: 'POST', url: '/api/todos', payload: { content: 'before' } })).statusCode,
      ).toBe(201);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const db = new URL(h.env.DATABASE_URL ?? '').pathname.slice(1);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [db],
      );
      await admin.end();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await alice.request({ method: 'GET', url: '/api/todos' })).statusCode);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.at(-1)).toBe(200);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'survives a connection ended while checked out (inside a transaction): the query fails, the process lives',
    async () => {
      h = await createHarness();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      let failure: unknown;
      try {
        await h.ctx.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
          // The server's goodbye arrives while no query runs: an 'error' event on the client.
          await new Promise((r) => setTimeout(r, 300));
          await sql`SELECT 1`.execute(trx);
        });
      } catch (err) {
        failure = err;
      }
      await admin.end();
      expect(databaseUnavailable(failure)).toBe(true);
      expect((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
  );
});
