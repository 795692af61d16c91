import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#common/time.js';
import { type GeneratedAccount, generate } from '../../../bench/accounts/generate.js';
import { hashPassword } from '../features/auth/passwords.js';
import { type Client, createHarness, type Harness, signIn, TEST_PASSWORD } from './harness.js';

/**
 * Every statement the app runs for the hot reads and writes, on a generated installation (many
 * light accounts and two heavy ones), uses an index that starts at the user: none reads a
 * per-user table whole. Statements are recorded from the app's own query log while a heavy
 * account calls the routes, then explained by the database itself (PostgreSQL with sequential
 * scans priced out, so a scan that remains has no index to use; SQLite as it plans them).
 */
let h: Harness;
let recording = false;
const statements = new Map<string, readonly unknown[]>();
let heavy: GeneratedAccount;
let client: Client;
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness({
    queryLog: (event) => {
      if (recording && event.level === 'query') statements.set(event.query.sql, event.query.parameters);
    },
  });
  const accounts = await generate(h.ctx.db, {
    accounts: 40,
    heavy: 2,
    years: 1.5,
    seed: 3,
    today: TODAY,
    prefix: 'plan',
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  heavy = accounts[1] as GeneratedAccount;
  await sql`ANALYZE`.execute(h.ctx.db);
  client = await signIn(h, heavy.username);
}, 120_000);
afterAll(() => h.close());

/** Tables with a user_id column: each is read through an index starting at the user. */
async function perUserTables(): Promise<Set<string>> {
  const rows =
    h.ctx.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`
            SELECT table_name AS name FROM information_schema.columns
            WHERE column_name = 'user_id' AND table_schema = current_schema()`.execute(h.ctx.db)
        ).rows
      : (
          await sql<{ name: string }>`
            SELECT m.name FROM sqlite_schema m, pragma_table_info(m.name) c
            WHERE m.type = 'table' AND c.name = 'user_id'`.execute(h.ctx.db)
        ).rows;
  return new Set(rows.map((r) => r.name));
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The per-user tables a statement reads whole. */
async function fullScans(text: string, parameters: readonly unknown[], tables: Set<string>): Promise<string[]> {
  if (h.ctx.dialect === 'postgres') {
    const res = await h.ctx.db.connection().execute(async (c) => {
      await sql`SET enable_seqscan = off`.execute(c);
      try {
        return await c.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({
          sql: `EXPLAIN (FORMAT JSON) ${text}`,
          parameters,
          query: { kind: 'RawNode' } as never,
          queryId: { queryId: 'explain' },
        });
      } finally {
        await sql`RESET enable_seqscan`.execute(c);
      }
    });
    const plan = res.rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
    return nodes(plan)
      .filter((n) => n['Node Type'] === 'Seq Scan' && tables.has(n['Relation Name'] ?? ''))
      .map((n) => n['Relation Name'] as string);
  }
  const res = await h.ctx.db.executeQuery<{ detail: string }>({
    sql: `EXPLAIN QUERY PLAN ${text}`,
    parameters,
    query: { kind: 'RawNode' } as never,
    queryId: { queryId: 'explain' },
  });
  // "SCAN todos" reads the table whole; "SCAN todos USING INDEX x" reads a whole index; a
  // SEARCH is an index range. Virtual tables (the search index) and subqueries are not tables.
  return res.rows
    .map((r) => /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX \w+)?$/.exec(r.detail)?.[1])
    .filter((t): t is string => t !== undefined && tables.has(t));
}

const week = () => {
  const d = new Date(`${TODAY}T00:00:00Z`);
  return addDays(TODAY, -d.getUTCDay());
};

describe('query plans on a generated installation', () => {
  it('read every per-user table of the hot routes through an index that starts at the user', async () => {
    const get = (url: string) => client.request({ method: 'GET', url });
    recording = true;
    const from = addDays(TODAY, -30);
    const routes = [
      '/api/auth/me',
      '/api/dashboard/overview',
      '/api/stats?range=1y',
      '/api/stats?range=12w',
      '/api/search?q=meeting',
      '/api/search?q=kestrel',
      '/api/search?q=plan&type=transcript',
      '/api/todos',
      '/api/todos?completed=true',
      '/api/notes/headlines',
      `/api/notes/daily/${TODAY}`,
      '/api/personal-journal',
      `/api/personal-journal/date/${TODAY}/daily`,
      '/api/workout',
      '/api/workout/next',
      '/api/workout-log',
      `/api/exercise/feedback/${TODAY}`,
      '/api/coach/conversations',
      '/api/transcripts',
      '/api/transcripts/summaries',
      `/api/transcripts/date/${TODAY}`,
      `/api/transcripts/range/${from}/${TODAY}`,
      `/api/weekly/${week()}`,
      `/api/weekly/${week()}/reflections`,
      '/api/activities',
      '/api/training/week',
      '/api/reminders',
      '/api/settings',
      '/api/api-keys',
      '/api/cron/jobs',
    ];
    for (const url of routes) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // A few writes: a todo added and ticked off, a daily note saved, a workout log saved.
    const todo = await client.request({ method: 'POST', url: '/api/todos', payload: { content: 'Plan the week' } });
    expect(todo.statusCode).toBe(201);
    await client.request({ method: 'PATCH', url: `/api/todos/${todo.json().id}`, payload: { completed: true } });
    recording = false;
    expect(statements.size).toBeGreaterThan(40);

    const tables = await perUserTables();
    expect(tables.has('todos') && tables.has('journal_entries')).toBe(true);
    const offenders: string[] = [];
    for (const [text, parameters] of statements) {
      // Transaction control and settings have no plan.
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(text)) continue;
      const scans = await fullScans(text, parameters, tables);
      if (scans.length) offenders.push(`${scans.join(', ')} ← ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    expect(offenders).toEqual([]);
  }, 120_000);
});
