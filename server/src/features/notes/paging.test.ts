import { afterEach, describe, expect, it } from 'vitest';
import {
  JOURNAL_LIST_DEFAULT,
  JOURNAL_LIST_MAX,
  LIST_OFFSET_MAX,
  NOTES_MAX_PAGE_SIZE,
  NOTES_PAGE_SIZE,
} from '#common/journalConstants.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';

let h: Harness;
afterEach(async () => h?.close());

const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
/** All of a user's rows share one timestamp, so only the last keys of the order tell them apart. */
const AT = '2026-01-01T00:00:00.000Z';

/**
 * Daily notes (the odd ones with a morning part), plain notes two a day and transcripts that share
 * their dates, times and sometimes their ids with journal rows.
 */
async function seed(name: string, days: number) {
  const user_id = await userIdOf(h, name);
  const journal = Array.from({ length: days }, (_, i) => [
    {
      user_id,
      date: day(i),
      journal_type: 'daily',
      content: `Day ${i}`,
      structured_data: i % 2 ? JSON.stringify({ morning: { daily_priorities: [`p${i}`] } }) : null,
      has_morning: i % 2,
      has_evening: 0,
      created_at: AT,
      updated_at: AT,
    },
    ...[0, 1].map((n) => ({
      user_id,
      date: day(i),
      journal_type: 'note',
      content: `Note ${i}.${n}`,
      structured_data: null,
      has_morning: 0,
      has_evening: 0,
      created_at: AT,
      updated_at: AT,
    })),
  ]).flat();
  await h.ctx.db.insertInto('journal_entries').values(journal).execute();
  await h.ctx.db
    .insertInto('transcripts')
    .values(
      Array.from({ length: days }, (_, i) => ({
        user_id,
        date: day(i),
        title: `Call ${i}`,
        content: 'x',
        transcript_type: 'impromptu',
        created_at: AT,
      })),
    )
    .execute();
}

async function expect400(c: Client, url: string) {
  const res = await c.request({ method: 'GET', url });
  expect(res.statusCode, url).toBe(400);
  expect(res.json()).toEqual({ error: expect.any(String) });
}

interface Group {
  date: string;
  entries: Array<{ id: number; type: string; title: string }>;
}

describe('notes list paging', () => {
  it('pages entries with a default and a maximum, in a total order, only the user’s own', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await seed('alice', 60); // 240 entries
    await seed('bob', 3);

    const page = async (c: Client, query: string) => {
      const res = await c.request({ method: 'GET', url: `/api/notes/headlines${query}` });
      expect(res.statusCode, query).toBe(200);
      return (res.json() as Group[]).flatMap((g) => g.entries.map((e) => ({ ...e, date: g.date })));
    };
    const first = await page(alice, '');
    expect(first).toHaveLength(NOTES_PAGE_SIZE);
    expect(first[0]?.date).toBe(day(59));
    expect(await page(alice, `?limit=${NOTES_MAX_PAGE_SIZE}`)).toHaveLength(NOTES_MAX_PAGE_SIZE);

    // Walking the pages gives every entry once, newest date first; the same page twice is the same.
    const walked: string[] = [];
    const dates: string[] = [];
    for (let offset = 0; ; offset += 45) {
      const p = await page(alice, `?limit=45&offset=${offset}`);
      walked.push(...p.map((e) => `${e.type}:${e.id}`));
      dates.push(...p.map((e) => e.date));
      if (p.length < 45) break;
    }
    expect(walked).toHaveLength(240);
    expect(new Set(walked).size).toBe(240);
    expect(dates).toEqual([...dates].sort().reverse());
    const whole = (await page(alice, `?limit=${NOTES_MAX_PAGE_SIZE}`)).map((e) => `${e.type}:${e.id}`);
    expect(whole).toEqual(walked.slice(0, NOTES_MAX_PAGE_SIZE));
    expect((await page(alice, '?limit=45&offset=90')).map((e) => `${e.type}:${e.id}`)).toEqual(walked.slice(90, 135));
    expect(await page(alice, '?offset=240')).toEqual([]);
    // Filtered lists page the same way.
    const mornings = await page(alice, '?type=morning&limit=20&offset=20');
    expect(mornings).toHaveLength(10);
    expect(mornings.every((e) => e.type === 'morning')).toBe(true);

    expect((await page(bob, `?limit=${NOTES_MAX_PAGE_SIZE}`)).map((e) => e.title)).not.toContain('Call 59');
    expect(await page(bob, `?limit=${NOTES_MAX_PAGE_SIZE}`)).toHaveLength(12);

    for (const bad of [
      `?limit=${NOTES_MAX_PAGE_SIZE + 1}`,
      '?limit=0',
      '?offset=-1',
      `?offset=${LIST_OFFSET_MAX + 1}`,
    ]) {
      await expect400(alice, `/api/notes/headlines${bad}`);
    }
  });
});

describe('journal list paging', () => {
  it('pages entries with a default and a maximum, in a total order, only the user’s own', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await seed('alice', 200); // 600 journal rows, 100 with a morning part
    await seed('bob', 2);

    const page = async (c: Client, query: string) => {
      const res = await c.request({ method: 'GET', url: `/api/personal-journal${query}` });
      expect(res.statusCode, query).toBe(200);
      return res.json() as Array<{ id: number; date: string; journal_type: string; structured_data: unknown }>;
    };
    expect(await page(alice, '')).toHaveLength(JOURNAL_LIST_DEFAULT);
    expect(await page(alice, `?limit=${JOURNAL_LIST_MAX}`)).toHaveLength(JOURNAL_LIST_MAX);
    const all: Awaited<ReturnType<typeof page>> = [];
    for (let offset = 0; ; offset += JOURNAL_LIST_MAX) {
      const next = await page(alice, `?limit=${JOURNAL_LIST_MAX}&offset=${offset}`);
      all.push(...next);
      if (next.length < JOURNAL_LIST_MAX) break;
    }
    expect(all).toHaveLength(600);
    expect(new Set(all.map((e) => e.id)).size).toBe(600);
    const dates = all.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await page(alice, '?limit=30&offset=60')).map((e) => e.id)).toEqual(all.slice(60, 90).map((e) => e.id));

    // The morning parts of daily notes, a page at a time.
    const mornings = [
      ...(await page(alice, '?type=daily_morning&limit=60')),
      ...(await page(alice, '?type=daily_morning&limit=60&offset=60')),
    ];
    expect(mornings).toHaveLength(100);
    expect(new Set(mornings.map((e) => e.id)).size).toBe(100);
    expect(mornings[0]).toMatchObject({
      journal_type: 'daily_morning',
      date: day(199),
      structured_data: { daily_priorities: ['p199'] },
    });

    const bobs = await page(bob, `?limit=${JOURNAL_LIST_MAX}`);
    expect(bobs).toHaveLength(6);
    expect(bobs.some((e) => all.some((a) => a.id === e.id))).toBe(false);

    for (const bad of [`?limit=${JOURNAL_LIST_MAX + 1}`, '?limit=0', '?offset=-1', `?offset=${LIST_OFFSET_MAX + 1}`]) {
      await expect400(alice, `/api/personal-journal${bad}`);
    }
  });
});
