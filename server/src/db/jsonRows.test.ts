import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { jsonBoolean, pageAsJson } from './jsonRows.js';
import { prepared } from './prepared.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Every character class JSON treats apart: controls, quote, backslash, DEL, line separators, astral, non-BMP. */
const awkward = [
  '',
  'plain',
  'a"b\\c/d',
  Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join(''),
  '\u007f\u0080\u00ff\u2028\u2029\ufeff\ufffd',
  'é ß 日本語 😀 👩‍👩‍👧 \u{10ffff}',
  '</script><script>alert(1)</script>',
  'x'.repeat(70_000),
];

// SQLite's JSON functions only: PostgreSQL answers these pages through the routes' serialisers.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('rows written as JSON by SQLite', () => {
  it('writes the same bytes as JSON.stringify of the rows, in the page’s order, ties included', async () => {
    const now = new Date().toISOString();
    const user = await h.ctx.db
      .insertInto('users')
      .values({ username: 'jsonrows', password_hash: 'x', is_admin: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Completion times shared by pairs, so only the id tells them apart; texts of every kind; NULLs.
    const rows = awkward.flatMap((content, i) => [
      { content, completed: 1, completed_at: `2026-01-0${(i % 5) + 1}T00:00:00.000Z`, created_at: now },
      { content: `${content}!`, completed: 0, completed_at: null, created_at: now },
    ]);
    for (const r of rows)
      await h.ctx.db
        .insertInto('todos')
        .values({ user_id: user.id, ...r })
        .execute();

    const page = (p: { userId: number; limit: number; offset: number }) =>
      h.ctx.db
        .selectFrom('todos')
        .select(['id', 'content', 'completed', 'completed_at', 'created_at'])
        .where('user_id', '=', p.userId)
        .orderBy('completed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(p.limit)
        .offset(p.offset);
    const fields = ['id', 'content', ['completed', jsonBoolean('completed')], 'completed_at'] as const;
    const asJson = prepared<{ userId: number; limit: number; offset: number }, { json: string }>((_db, p) =>
      pageAsJson(page(p), fields),
    );
    for (const [limit, offset] of [
      [100, 0],
      [3, 0],
      [3, 5],
      [5, 100],
    ] as const) {
      const p = { userId: user.id, limit, offset };
      const expected = (await page(p).execute()).map((r) => ({
        id: r.id,
        content: r.content,
        completed: r.completed === 1,
        completed_at: r.completed_at,
      }));
      const [{ json }] = (await asJson.execute(h.ctx.db, p)) as [{ json: string }];
      expect(json, `${limit} from ${offset}`).toBe(JSON.stringify(expected));
    }
    // Another user's rows are not in the page, and an empty page is an empty array.
    expect((await asJson.execute(h.ctx.db, { userId: user.id + 1, limit: 10, offset: 0 }))[0]?.json).toBe('[]');
  });
});
