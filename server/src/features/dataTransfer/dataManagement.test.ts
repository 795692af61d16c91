import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_DELETE_MAX } from '#common/api/common.js';
import { TRANSCRIPT_PAGE_MAX } from '#common/api/transcripts.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';

/**
 * Data Management's transcript list with more transcripts than one bulk delete takes: the pages
 * the screen reads (largest pages, newest first) reach every one, and deleting them all in
 * batches of BULK_DELETE_MAX leaves none, and nothing of another user's.
 */
let h: Harness;
let alice: Client;
let bob: Client;
const MANY = BULK_DELETE_MAX + TRANSCRIPT_PAGE_MAX + 5;

beforeAll(async () => {
  h = await createHarness();
  alice = await createUserAndSignIn(h, 'many_alice');
  bob = await createUserAndSignIn(h, 'many_bob');
  for (const [who, n] of [
    [alice, MANY],
    [bob, 3],
  ] as const) {
    const userId = await userIdOf(h, who.username);
    const rows = Array.from({ length: n }, (_, i) => ({
      user_id: userId,
      date: '2026-01-05',
      title: `${who.username} meeting ${i}`,
      content: 'We met',
      context: null,
      transcript_type: 'impromptu',
      google_event_id: null,
      google_event_etag: null,
      google_recurring_event_id: null,
      event_start: null,
      // Ten share each second: page boundaries fall inside ties.
      created_at: new Date(Date.UTC(2026, 0, 5, 9, 0, Math.floor(i / 10))).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await h.ctx.db
        .insertInto('transcripts')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }
});
afterAll(() => h.close());

async function everyId(c: Client): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += TRANSCRIPT_PAGE_MAX) {
    const res = await c.request({
      method: 'GET',
      url: `/api/transcripts?limit=${TRANSCRIPT_PAGE_MAX}&offset=${offset}`,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: Array<{ id: number }>; total: number };
    expect(page.total).toBe(MANY);
    ids.push(...page.items.map((t) => t.id));
    if (ids.length >= page.total || page.items.length === 0) return ids;
  }
}

describe(`Data Management with more than ${BULK_DELETE_MAX} transcripts`, () => {
  it('reaches every transcript a page at a time and deletes them all in batches', async () => {
    const ids = await everyId(alice);
    expect(ids).toHaveLength(MANY);
    expect(new Set(ids).size).toBe(MANY);

    // One request takes at most BULK_DELETE_MAX ids.
    const tooMany = await alice.request({ method: 'POST', url: '/api/transcripts/bulk-delete', payload: { ids } });
    expect(tooMany.statusCode).toBe(400);

    let deleted = 0;
    for (let i = 0; i < ids.length; i += BULK_DELETE_MAX) {
      const res = await alice.request({
        method: 'POST',
        url: '/api/transcripts/bulk-delete',
        payload: { ids: ids.slice(i, i + BULK_DELETE_MAX) },
      });
      expect(res.statusCode).toBe(200);
      deleted += res.json().deleted;
    }
    expect(deleted).toBe(MANY);
    expect((await alice.request({ method: 'GET', url: '/api/transcripts' })).json()).toEqual({ items: [], total: 0 });
    expect((await bob.request({ method: 'GET', url: '/api/transcripts' })).json().total).toBe(3);
  });
});
