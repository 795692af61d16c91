import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { ReaderPool } from './readers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const now = new Date().toISOString();

async function addUser(username: string) {
  return (
    await h.ctx.db
      .insertInto('users')
      .values({ username, password_hash: 'x', is_admin: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('the reader connection', () => {
  it('answers what the app connection answers and sees every committed write', async () => {
    const userId = await addUser('reader');
    const todos = (db: Harness['ctx']['db']) =>
      db
        .selectFrom('todos')
        .select(['id', 'content', 'completed'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    expect(await todos(h.ctx.reader)).toEqual([]);
    for (const content of ['one', 'two', 'three']) {
      await h.ctx.db
        .insertInto('todos')
        .values({ user_id: userId, content, completed: 0, completed_at: null, created_at: now })
        .execute();
      // The write was committed before the reader's next statement: it is there.
      expect(await todos(h.ctx.reader)).toEqual(await todos(h.ctx.db));
    }
    expect((await todos(h.ctx.reader)).map((t) => t.content)).toEqual(['one', 'two', 'three']);
    // Many at once, more than there are threads: each answer is its own query's.
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        sql<{ n: number }>`SELECT ${i} + count(*) AS n FROM todos WHERE user_id = ${userId}`.execute(h.ctx.reader),
      ),
    );
    expect(answers.map((a) => a.rows[0]?.n)).toEqual(Array.from({ length: 25 }, (_, i) => i + 3));
  });

  it('refuses writes and transactions, changing nothing, and reports SQL errors', async () => {
    if (h.ctx.dialect === 'postgres') return; // There the reader is the app's own pool.
    const userId = await addUser('reader-writes');
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*) AS n FROM todos WHERE user_id = ${userId}`.execute(h.ctx.db)).rows[0]
        ?.n;
    await expect(
      h.ctx.reader
        .insertInto('todos')
        .values({ user_id: userId, content: 'x', completed: 0, completed_at: null, created_at: now })
        .execute(),
    ).rejects.toThrow('A reader thread runs only queries that return rows');
    // A write that returns rows is still a write: the read-only connection refuses it.
    await expect(
      h.ctx.reader
        .insertInto('todos')
        .values({ user_id: userId, content: 'x', completed: 0, completed_at: null, created_at: now })
        .returning('id')
        .execute(),
    ).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    await expect(h.ctx.reader.transaction().execute(async () => {})).rejects.toThrow('runs no transactions');
    await expect(sql`SELECT * FROM no_such_table`.execute(h.ctx.reader)).rejects.toThrow(
      'no such table: no_such_table',
    );
    expect(await count()).toBe(0);
    // Errors leave the threads working.
    expect((await sql<{ n: number }>`SELECT 41 + 1 AS n`.execute(h.ctx.reader)).rows).toEqual([{ n: 42 }]);
  });
});

/**
 * Counts for a second or so. A thread is stopped between two of its JavaScript steps, so one
 * stopped while this runs stops when SQLite returns, without answering.
 */
const LONG =
  'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000000) SELECT max(i) AS n FROM c';

describe('the reader pool', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-readers-'));
  const file = path.join(dir, 'pool.db');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('CREATE TABLE t (n integer)');
  writer.prepare('INSERT INTO t (n) VALUES (?)').run(1);
  afterAll(() => {
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('replaces a thread that stops, failing only the query it held', async () => {
    const pool = new ReaderPool(file, 1);
    expect(await pool.run('SELECT n FROM t', [])).toEqual([{ n: 1 }]);
    // A long query holds the only thread; the next one waits behind it.
    const long = pool.run(LONG, []);
    const waiting = pool.run('SELECT n + ? AS n FROM t', [1]);
    const thread = (pool as unknown as { threads: Array<{ worker: { terminate(): Promise<number> } }> }).threads[0];
    await thread?.worker.terminate();
    await expect(long).rejects.toThrow('A reader thread stopped');
    expect(await waiting).toEqual([{ n: 2 }]);
    expect(await pool.run('SELECT count(*) AS n FROM t', [])).toEqual([{ n: 1 }]);
    await pool.close();
  });

  it('fails what waits when it closes, and everything after', async () => {
    const pool = new ReaderPool(file, 1);
    const long = pool.run(LONG, []);
    const waiting = pool.run('SELECT n FROM t', []);
    const failed = Promise.all([
      expect(waiting).rejects.toThrow('The database is closed'),
      expect(long).rejects.toThrow('The database is closed'),
    ]);
    await pool.close();
    await failed;
    await expect(pool.run('SELECT n FROM t', [])).rejects.toThrow('The database is closed');
  });
});
