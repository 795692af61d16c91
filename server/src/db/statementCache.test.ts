import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase, sqliteFile } from './index.js';

let handle: DbHandle | undefined;
afterEach(async () => handle?.close());

describe('SQLite prepared statement reuse', () => {
  it('gives each run its own parameters and sees schema changes and streamed reads', async () => {
    handle = openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-stmt-')) });
    const db = handle.db;
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await sql`insert into t (name) values ('a'), ('b'), ('c')`.execute(db);
    const byId = (id: number) => sql<{ name: string }>`select * from t where id = ${id}`.execute(db);
    expect((await byId(1)).rows).toEqual([{ id: 1, name: 'a' }]);
    expect((await byId(2)).rows).toEqual([{ id: 2, name: 'b' }]);
    // The same SQL text after the table changed: the reused statement returns the new column.
    await sql`alter table t add column extra text default 'x'`.execute(db);
    expect((await byId(3)).rows).toEqual([{ id: 3, name: 'c', extra: 'x' }]);
    // A streamed read holds the connection; queries issued meanwhile wait for it and succeed.
    const streamed: string[] = [];
    const pending: Array<Promise<unknown>> = [];
    const tdb = db as unknown as Kysely<{ t: { id: number; name: string } }>;
    for await (const row of tdb.selectFrom('t').select('name').orderBy('id').stream()) {
      streamed.push(row.name);
      pending.push(byId(1));
    }
    expect(streamed).toEqual(['a', 'b', 'c']);
    expect((await Promise.all(pending)).length).toBe(3);
  });

  it('builds the same row objects as better-sqlite3, whatever the columns are called', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-rows-'));
    handle = openDatabase({ dataDir });
    const db = handle.db;
    await sql`create table t (id integer primary key, name text, n real, b blob)`.execute(db);
    await sql`insert into t (name, n, b) values ('a', 1.5, x'00ff'), (null, null, null)`.execute(db);
    const queries = [
      sql`select id, name, n, b from t order by id`,
      // A later column of the same name wins, as in better-sqlite3's own objects.
      sql`select id as x, name as x from t order by id`,
      // Names that are not identifiers, and one that would be code if it were pasted in.
      sql.raw(`select id as "a b", name as "'}); throw new Error('run'); ({'", n as "" from t order by id`),
      sql`select count(*) as c from t`,
    ];
    const direct = new SQLite(sqliteFile(dataDir), { readonly: true });
    try {
      for (const q of queries) {
        const compiled = q.compile(db);
        const expected = direct.prepare(compiled.sql).all(...compiled.parameters);
        // Twice: the second read comes from the statement kept for the same text.
        for (let i = 0; i < 2; i++) {
          const rows = (await q.execute(db)).rows as Array<Record<string, unknown>>;
          expect(rows, compiled.sql).toStrictEqual(expected);
          for (const row of rows) {
            expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
            expect(Object.keys(row)).toEqual(Object.keys(expected[0] as object));
          }
        }
      }
      // A column named __proto__ is an own property, never the row's prototype.
      const proto = (await sql`select name as __proto__ from t order by id`.execute(db)).rows as object[];
      expect(proto.map((r) => Object.getOwnPropertyDescriptor(r, '__proto__')?.value)).toEqual(['a', null]);
      for (const row of proto) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      // Rows written and returned at once, and rows streamed, are built the same way.
      const returned = await sql<{
        id: number;
        name: string;
      }>`insert into t (name) values ('c') returning id, name`.execute(db);
      expect(returned.rows).toStrictEqual([{ id: 3, name: 'c' }]);
      const tdb = db as unknown as Kysely<{ t: { id: number; name: string | null } }>;
      const streamed = [];
      for await (const row of tdb.selectFrom('t').select(['id', 'name']).orderBy('id').stream()) streamed.push(row);
      expect(streamed).toStrictEqual([
        { id: 1, name: 'a' },
        { id: 2, name: null },
        { id: 3, name: 'c' },
      ]);
    } finally {
      direct.close();
    }
  });
});
