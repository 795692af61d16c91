/**
 * The built server plus bare routes, for `npm run bench` only; production starts main.ts,
 * which never registers them.
 *
 * - `/api/bench/bare` does the same database read as GET /api/auth/me (session and user by
 *   token hash) without the auth hook: the cost of one indexed read, the yardstick every route
 *   is compared with.
 * - `/api/bench/twin/:key` is a route's bare twin. The bench first calls the real route once
 *   with `x-bench-record: <key>`; every query it runs after the auth hook is recorded (the
 *   compiled SQL and its parameters, through Kysely's query log). The twin then does the bare
 *   route's session read and replays exactly those queries through the same driver (a query the
 *   route ran on the reader threads runs there again; the others in one transaction when the
 *   route used one) and answers `JSON.stringify` of the rows: the route's
 *   own SQL without the app's hooks, validation, mapping and serialisation. A route whose answer
 *   comes from built-in values when its statements find no rows (a coach's settings never saved)
 *   records those values too (`x-bench-twin-without-rows`, base64 JSON), and its twin answers
 *   `JSON.stringify` of them in that case, as a bare handler would (`row ?? defaults`). A route's
 *   ratio to its twin is therefore the app's overhead, its ratio to the bare route the query's
 *   cost.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery } from 'kysely';
import { bootstrap } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { findSessionByTokenHash } from '../features/auth/repo.js';
import { hashToken } from '../features/auth/tokens.js';
import { defaultWebDir } from '../version.js';

interface Recorded {
  query: CompiledQuery;
  on: 'db' | 'reader';
}

interface Recording {
  queries: Recorded[];
}

const recording = new AsyncLocalStorage<Recording>();
const recorded = new Map<string, Recorded[]>();
const answersWithoutRows = new Map<string, unknown>();
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

const config = loadConfig(process.env, defaultWebDir());
const { app, ctx, scheduler } = await bootstrap(
  config,
  { level: config.logLevel },
  {
    queryLog: (event, on) => {
      if (event.level === 'query') recording.getStore()?.queries.push({ query: event.query, on });
    },
  },
);

// Added after the auth hook, so the session read of the recorded request is not part of it.
// The rest of the request runs inside `run`: a request of an earlier load still finishing on the
// reader threads meanwhile must not see this store (`enterWith` from a promise callback would
// set it on the shared top-level context they resume in).
app.addHook('onRequest', (request, _reply, done) => {
  const key = request.headers['x-bench-record'];
  if (typeof key !== 'string') return done();
  const store: Recording = { queries: [] };
  recorded.set(key, store.queries);
  const withoutRows = request.headers['x-bench-twin-without-rows'];
  if (typeof withoutRows === 'string')
    answersWithoutRows.set(key, JSON.parse(Buffer.from(withoutRows, 'base64').toString('utf8')));
  else answersWithoutRows.delete(key);
  recording.run(store, done);
});
// An active AsyncLocalStorage makes Node track every promise; switched off again after the
// recorded request, so routes and twins are measured without that cost.
app.addHook('onResponse', async (request) => {
  if (typeof request.headers['x-bench-record'] === 'string') recording.disable();
});

async function session(token: string) {
  return findSessionByTokenHash(ctx.db, hashToken(token));
}

app.get('/api/bench/bare', { config: { public: true } }, async (request, reply) => {
  // A header the auth hook does not read, so this route pays for nothing but the read itself.
  const row = await session(String(request.headers['x-bench-token'] ?? ''));
  if (!row) return reply.code(401).send({ error: 'Authentication required' });
  return { user: { username: row.username, is_admin: row.is_admin === 1, timezone: row.timezone } };
});

app.route({
  method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  url: '/api/bench/twin/:key',
  config: { public: true },
  handler: async (request, reply) => {
    const row = await session(String(request.headers['x-bench-token'] ?? ''));
    if (!row) return reply.code(401).send({ error: 'Authentication required' });
    const { key } = request.params as { key: string };
    const queries = recorded.get(key);
    if (!queries) return reply.code(404).send({ error: 'Nothing recorded under this key' });
    const inTransaction = queries.some((q) => TRANSACTION_CONTROL.test(q.query.sql));
    const statements = queries.filter((q) => !TRANSACTION_CONTROL.test(q.query.sql));
    const replay = async (db: typeof ctx.db) => {
      const results: unknown[][] = [];
      for (const q of statements)
        results.push((await (q.on === 'reader' ? ctx.reader : db).executeQuery(q.query)).rows as unknown[]);
      return results;
    };
    const results = inTransaction ? await ctx.db.transaction().execute(replay) : await replay(ctx.db);
    const withoutRows = answersWithoutRows.get(key);
    const answer =
      withoutRows !== undefined && results.every((rows) => rows.length === 0)
        ? withoutRows
        : results.length === 1
          ? results[0]
          : results;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
  },
});

await app.listen({ port: config.port, host: '127.0.0.1' });
// As in production, the scheduler ticks while routes are measured.
await scheduler.start();
process.on(
  'SIGTERM',
  () =>
    void scheduler
      .stop()
      .then(() => app.close())
      .then(() => process.exit(0)),
);
