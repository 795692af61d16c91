import { type Kysely, Migrator, sql } from 'kysely';
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

  it('applies the pending migrations together or not at all', async () => {
    h = await createHarness();
    const table = async (name: string) =>
      sql`SELECT 1 FROM ${sql.table(`test_migration_${name}`)}`.execute(h.ctx.db).then(
        () => true,
        () => false,
      );
    const create = (name: string) => ({
      up: async (db: Kysely<unknown>) => {
        await db.schema.createTable(`test_migration_${name}`).addColumn('id', 'integer').execute();
        await sql`INSERT INTO ${sql.table(`test_migration_${name}`)} (id) VALUES (1)`.execute(db);
      },
    });
    const failing = {
      up: async (db: Kysely<unknown>) => {
        await db.schema.createTable('test_migration_b').addColumn('id', 'integer').execute();
        throw new Error('the second migration fails');
      },
    };
    const migrateWith = (migrations: Record<string, { up(db: Kysely<unknown>): Promise<void> }>) =>
      new Migrator({
        db: h.ctx.db,
        provider: { getMigrations: async () => migrations },
        migrationTableName: 'test_migrations',
        migrationLockTableName: 'test_migrations_lock',
      }).migrateToLatest();

    const failed = await migrateWith({ '1_a': create('a'), '2_b': failing });
    expect(String(failed.error)).toContain('the second migration fails');
    expect(await table('a')).toBe(false);
    expect(await table('b')).toBe(false);
    expect((await sql`SELECT * FROM test_migrations`.execute(h.ctx.db)).rows).toEqual([]);

    const applied = await migrateWith({ '1_a': create('a'), '2_b': create('b') });
    expect(applied.error).toBeUndefined();
    expect(applied.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['1_a', 'Success'],
      ['2_b', 'Success'],
    ]);
    expect(await table('a')).toBe(true);
    expect(await table('b')).toBe(true);
  });
});
