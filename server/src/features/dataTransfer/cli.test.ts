import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/index.js';
import { createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { morningNote, seed } from '../../test/seed.js';
import { addUser } from '../users/service.js';
import { anyDb } from './anyDb.js';
import { runDataCommand } from './cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-data-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs a data command in-process; returns its exit code and what it printed. */
async function run(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const err = vi.spyOn(console, 'error').mockImplementation((...a) => void out.push(a.join(' ')));
  try {
    return { code: await runDataCommand(argv, env), output: out.join('\n') };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

describe('npm run data -- export / import', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('exports a user to a file and imports it into another account', async () => {
    const alice = await createUserAndSignIn(h, 'alice');
    await seed.dailyNote(alice, '2026-03-02', morningNote('Climb the hill'));
    await alice.request({ method: 'POST', url: '/api/todos', payload: { content: 'Pack the rope' } });
    const bob = await createUserAndSignIn(h, 'bob');
    const file = path.join(tmp, 'alice.zip');

    const exported = await run(['export', '--user', 'alice', file], h.env);
    expect(exported.code).toBe(0);
    expect(exported.output).toContain(`Exported 'alice' to ${file}`);

    const dry = await run(['import', '--user', 'bob', file, '--dry-run'], h.env);
    expect(dry.code).toBe(0);
    expect(dry.output).toContain('Dry run: nothing was written.');
    expect(dry.output).toContain('todos: 1 added, 0 already present, 0 rejected');
    expect((await bob.request({ method: 'GET', url: '/api/todos' })).json()).toEqual([]);

    expect((await run(['import', '--user', 'bob', file], h.env)).code).toBe(0);
    const note = (await bob.request({ method: 'GET', url: '/api/notes/daily/2026-03-02' })).json();
    expect(note.structured_data.morning.personal_goal).toBe('Climb the hill');
    const again = await run(['import', '--user', 'bob', file], h.env);
    expect(again.output).toContain('todos: 0 added, 1 already present, 0 rejected');
  });

  it('explains wrong use', async () => {
    expect((await run(['export', '--user', 'nobody'], h.env)).output).toContain("No user named 'nobody'.");
    expect((await run(['frobnicate'], h.env)).code).toBe(2);
    const bad = path.join(tmp, 'bad.zip');
    fs.writeFileSync(bad, 'not a zip');
    await addUser(h.ctx.db, 'carol', 'correct horse battery', false);
    const refused = await run(['import', '--user', 'carol', bad], h.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('not a zip file');
  });
});

const admin = process.env.TEST_DATABASE_URL;

describe.skipIf(!admin)('npm run data -- migrate --to postgres://…', () => {
  const name = `daymark_migrate_${process.pid}_${Date.now()}`;
  let url = '';
  const dataDir = path.join(tmp, 'instance');

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin as string);
    u.pathname = `/${name}`;
    url = u.toString();

    // A SQLite instance with two users and rows in many tables, deletions leaving id gaps.
    const source = openDatabase({ dataDir });
    await migrateToLatest(source.db);
    const db = source.db;
    await addUser(db, 'ann', 'correct horse battery', true);
    await addUser(db, 'ben', 'correct horse battery', false);
    const now = '2026-03-01T10:00:00.000Z';
    for (const [user_id, content] of [
      [1, 'one'],
      [2, 'two'],
      [1, 'three'],
    ] as const) {
      await db
        .insertInto('todos')
        .values({ user_id, content, completed: 0, completed_at: null, created_at: now })
        .execute();
    }
    await db.deleteFrom('todos').where('content', '=', 'two').execute();
    await db
      .insertInto('journal_entries')
      .values({
        user_id: 2,
        date: '2026-03-01',
        journal_type: 'daily',
        content: 'Émile’s note ✓',
        structured_data: '{"morning":{"energy_level":6}}',
        has_morning: 1,
        has_evening: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const conv = await db
      .insertInto('coach_conversations')
      .values({
        user_id: 1,
        conversation_uuid: 'c-1',
        coach_type: 'workout',
        title: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('coach_messages')
      .values({ user_id: 1, conversation_id: conv.id, role: 'user', content: 'Hi', thoughts: null, created_at: now })
      .execute();
    await db
      .insertInto('sessions')
      .values({
        public_id: 'p1',
        user_id: 1,
        token_hash: 'a'.repeat(64),
        user_agent: null,
        created_at: now,
        last_seen_at: now,
        expires_at: now,
      })
      .execute();
    await source.close();
  });

  afterAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('copies every row, verifies the counts, and refuses a target that is not empty', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const done = await run(['migrate', '--to', url], env);
    expect(done.output).toContain('row counts verified');
    expect(done.code).toBe(0);

    const source = openDatabase({ dataDir });
    const target = openDatabase({ databaseUrl: url, dataDir });
    try {
      const tables = (
        await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
          AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(source.db)
      ).rows
        .map((r) => r.name)
        // The search index is derived: PostgreSQL's triggers rebuild it from the copied rows.
        .filter((name) => !/^search_index(_|$)/.test(name));
      expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'todos', 'coach_messages']));
      for (const table of tables) {
        // Tables keyed otherwise (login_attempts by key) are ordered by their first column.
        const first =
          (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(source.db)).rows[0]
            ?.name ?? 'id';
        const rows = (db: typeof source.db) => anyDb(db).selectFrom(table).selectAll().orderBy(first).execute();
        expect(await rows(target.db), table).toEqual(await rows(source.db));
      }
      const indexed = await sql<{ n: string }>`SELECT count(*) AS n FROM search_index WHERE source = 'todo'`.execute(
        target.db,
      );
      expect(Number(indexed.rows[0]?.n)).toBe(2);
      // The id sequences continue after the copied ids.
      const next = await target.db
        .insertInto('todos')
        .values({
          user_id: 1,
          content: 'four',
          completed: 0,
          completed_at: null,
          created_at: '2026-03-02T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(4);
    } finally {
      await source.close();
      await target.close();
    }

    const refused = await run(['migrate', '--to', url], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/The target database is not empty \(\w+ has \d+ rows\); nothing was copied\./);
    expect((await run(['migrate', '--to', url], { ...env, DATABASE_URL: url })).output).toContain('unset DATABASE_URL');
  });
});
