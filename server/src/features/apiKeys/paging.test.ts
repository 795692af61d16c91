import { afterEach, describe, expect, it } from 'vitest';
import { API_KEYS_PAGE_DEFAULT, API_KEYS_PAGE_MAX } from '#common/api/apiKeys.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';

let h: Harness;
afterEach(async () => h?.close());

/** Keys written straight to the database (the per-user cap applies to creating them through the API). */
async function insertKeys(owner: string, n: number, createdAt: (i: number) => string) {
  const user = await userIdOf(h, owner);
  await h.ctx.db
    .insertInto('api_keys')
    .values(
      Array.from({ length: n }, (_, i) => ({
        user_id: user,
        name: `${owner} ${i}`,
        key_hash: `${owner}-hash-${i}`,
        key_preview: 'dmk_abcd...wxyz',
        scope: 'read',
        created_at: createdAt(i),
        expires_at: null,
        last_used_at: null,
      })),
    )
    .execute();
}

type Key = { id: number; name: string; created_at: string };

async function page(c: Client, query: string): Promise<Key[]> {
  const res = await c.request({ method: 'GET', url: `/api/api-keys${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as Key[];
}

describe('api key list paging', () => {
  it('pages newest first, ties by id, within the default and maximum, each user seeing only theirs', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    // 130 keys, four created in each second: every page boundary falls inside a tie.
    await insertKeys('alice', 130, (i) => new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 4))).toISOString());
    await insertKeys('bob', 3, () => '2026-01-01T00:00:00.000Z');

    const all: Key[] = [];
    for (let offset = 0; ; offset += 9) {
      const items = await page(alice, `?limit=9&offset=${offset}`);
      all.push(...items);
      if (items.length < 9) break;
    }
    expect(all).toHaveLength(130);
    expect(new Set(all.map((k) => k.id)).size).toBe(130);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1] as Key, all[i] as Key];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id), `${i}`).toBe(true);
    }
    expect(all.every((k) => k.name.startsWith('alice '))).toBe(true);

    expect(await page(alice, '')).toEqual(all.slice(0, API_KEYS_PAGE_DEFAULT));
    expect(await page(alice, `?limit=${API_KEYS_PAGE_MAX}`)).toEqual(all.slice(0, API_KEYS_PAGE_MAX));
    expect(await page(alice, `?offset=${API_KEYS_PAGE_DEFAULT}`)).toEqual(
      all.slice(API_KEYS_PAGE_DEFAULT, 2 * API_KEYS_PAGE_DEFAULT),
    );
    expect(await page(alice, '?offset=1000')).toEqual([]);

    const bobs = await page(bob, '');
    expect(bobs.map((k) => k.name)).toEqual(['bob 2', 'bob 1', 'bob 0']);

    for (const q of [`?limit=${API_KEYS_PAGE_MAX + 1}`, '?limit=0', '?offset=-1', '?limit=ten']) {
      const res = await alice.request({ method: 'GET', url: `/api/api-keys${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });
});
