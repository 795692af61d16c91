import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, userIdOf } from '../test/harness.js';
import { prepared } from './prepared.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('prepared queries', () => {
  it('run the query compiled once with each call’s values, constants kept', async () => {
    const now = new Date().toISOString();
    const user = await h.ctx.db
      .insertInto('users')
      .values({ username: 'prepared', password_hash: 'x', is_admin: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, content] of ['a', 'b', 'c', 'd'].entries()) {
      await h.ctx.db
        .insertInto('todos')
        .values({ user_id: user.id, content, completed: i % 2, completed_at: null, created_at: now })
        .execute();
    }
    const byState = prepared<{ userId: number; done: number; limit: number }, { content: string }>((db, p) =>
      db
        .selectFrom('todos')
        .select('content')
        .where('user_id', '=', p.userId)
        .where('completed', '=', p.done)
        .where('content', '<>', 'zzz')
        .orderBy('content')
        .limit(p.limit),
    );
    const ask = (done: number, limit: number) =>
      byState.execute(h.ctx.db, { userId: user.id, done, limit }).then((rows) => rows.map((r) => r.content));
    expect(await ask(0, 10)).toEqual(['a', 'c']);
    expect(await ask(1, 10)).toEqual(['b', 'd']);
    expect(await ask(1, 1)).toEqual(['b']);
    expect(await byState.executeTakeFirst(h.ctx.db, { userId: user.id + 1, done: 0, limit: 5 })).toBeUndefined();
  });

  it('are built once for a database and its transactions', async () => {
    let builds = 0;
    const count = prepared<{ userId: number }, { n: number | string }>((db, p) => {
      builds++;
      return db
        .selectFrom('todos')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', p.userId);
    });
    const userId = await userIdOf(h, 'prepared');
    expect(Number((await count.executeTakeFirst(h.ctx.db, { userId }))?.n)).toBe(4);
    for (let i = 0; i < 3; i++) {
      const n = await h.ctx.db.transaction().execute(async (trx) => (await count.executeTakeFirst(trx, { userId }))?.n);
      expect(Number(n)).toBe(4);
    }
    expect(builds).toBe(1);
  });
});
