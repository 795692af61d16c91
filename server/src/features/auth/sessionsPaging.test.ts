import { afterEach, describe, expect, it } from 'vitest';
import { SESSIONS_PAGE_DEFAULT, SESSIONS_PAGE_MAX } from '#common/api/auth.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';

let h: Harness;
afterEach(async () => h?.close());

const SEEN = '2026-01-01T00:00:00.000Z';
const EXPIRES = '2999-01-01T00:00:00.000Z';

/** Sessions written straight to the database, all last seen at the same moment. */
async function insertSessions(username: string, n: number) {
  const userId = await userIdOf(h, username);
  await h.ctx.db
    .insertInto('sessions')
    .values(
      Array.from({ length: n }, (_, i) => ({
        public_id: `${username}-${String(i).padStart(3, '0')}`,
        user_id: userId,
        token_hash: `${username}-token-${i}`,
        user_agent: `device ${i}`,
        created_at: SEEN,
        last_seen_at: SEEN,
        expires_at: EXPIRES,
      })),
    )
    .execute();
}

type Session = { id: string; current: boolean; last_seen_at: string };

async function page(c: Client, query: string): Promise<Session[]> {
  const res = await c.request({ method: 'GET', url: `/api/auth/sessions${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return (res.json() as { sessions: Session[] }).sessions;
}

describe('session list paging', () => {
  it('pages most recently seen first, ties newest first, each user seeing only theirs', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await insertSessions('alice', 230);
    await insertSessions('bob', 2);

    const all: Session[] = [];
    for (let offset = 0; ; offset += 11) {
      const items = await page(alice, `?limit=11&offset=${offset}`);
      all.push(...items);
      if (items.length < 11) break;
    }
    // The session signing these requests was seen last; the 230 tied ones follow, newest first.
    expect(all).toHaveLength(231);
    expect(all[0]?.current).toBe(true);
    expect(all.slice(1).map((s) => s.id)).toEqual(
      Array.from({ length: 230 }, (_, i) => `alice-${String(229 - i).padStart(3, '0')}`),
    );

    const ids = (s: Session[]) => s.map((x) => x.id);
    expect(ids(await page(alice, ''))).toEqual(ids(all.slice(0, SESSIONS_PAGE_DEFAULT)));
    expect(ids(await page(alice, `?limit=${SESSIONS_PAGE_MAX}`))).toEqual(ids(all.slice(0, SESSIONS_PAGE_MAX)));
    expect(ids(await page(alice, `?offset=${SESSIONS_PAGE_DEFAULT}`))).toEqual(
      ids(all.slice(SESSIONS_PAGE_DEFAULT, 2 * SESSIONS_PAGE_DEFAULT)),
    );

    const bobs = await page(bob, '');
    expect(bobs).toHaveLength(3);
    expect(bobs.every((s) => s.current || s.id.startsWith('bob-'))).toBe(true);

    for (const q of [`?limit=${SESSIONS_PAGE_MAX + 1}`, '?limit=0', '?offset=-1', '?offset=abc']) {
      const res = await alice.request({ method: 'GET', url: `/api/auth/sessions${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });
});
