import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from './index.js';

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
});
