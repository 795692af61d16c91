import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../features/users/service.js';
import { createHarness, type Harness } from '../test/harness.js';

let h: Harness;
afterEach(async () => h?.close());

describe('database', () => {
  it('runs on the dialect the suite was started for', async () => {
    h = await createHarness();
    expect(h.ctx.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('opens SQLite durably: WAL, synchronous FULL, foreign keys, busy timeout', async () => {
    h = await createHarness();
    if (h.ctx.dialect !== 'sqlite') return;
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(h.ctx.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('creates the first administrator once, with a generated password when none is configured', async () => {
    h = await createHarness();
    const first = await ensureAdmin(h.ctx.db);
    expect(first?.username).toBe('admin');
    expect(first?.generatedPassword?.length).toBeGreaterThanOrEqual(16);
    expect(await ensureAdmin(h.ctx.db, 'other', 'some password')).toBeNull();
    const users = await h.ctx.db.selectFrom('users').select(['username', 'is_admin']).execute();
    expect(users).toEqual([{ username: 'admin', is_admin: 1 }]);
  });
});
