import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dailyNote, journalEntry } from '#common/api/journal.js';
import { JOURNAL_TYPES, type JournalType } from '#common/journalConstants.js';
import { DEFAULT_TIME_ZONE } from '#common/time.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { plannableWeek } from '../../test/weeks.js';
import { listJournalEntries, listJournalEntriesJson } from './repo.js';
import { getDailyNote, getDailyNoteJson } from './service.js';

/**
 * The journal list and the daily note answer JSON built from entries written once and reused
 * (`listJournalEntriesJson`, `getDailyNoteJson`); the text must be exactly what presenting the
 * same rows and serialising them with the response schema writes, whatever changed in between.
 */
let h: Harness;
const users: Record<string, { id: number; client: Client }> = {};
const writeList = compileResponseSerializer(z.array(journalEntry));
const writeDaily = compileResponseSerializer(dailyNote);

const note = (day: number, morning: boolean, evening: boolean) =>
  [
    morning ? `## Goals for the Day\n- Goal of day ${day}\n` : '',
    morning ? `## Morning Preparation\n### Daily Priorities\n- Priority ${day}\n### Energy Level ${day % 10}/10\n` : '',
    `## Daily Journal\nDay ${day}: "quoted" \\ back\\slash, tab\t, émoji 🎉.\n`,
    evening ? `## Evening Shutdown\n### Wins\n- Thing ${day}\n` : '',
  ].join('\n');

const date = (day: number) => `2026-03-${String(day).padStart(2, '0')}`;

async function seed(name: string, days: number) {
  const client = await createUserAndSignIn(h, name);
  const id = await userIdOf(h, name);
  users[name] = { id, client };
  for (let d = 1; d <= days; d++) {
    const res = await client.request({
      method: 'POST',
      url: `/api/notes/daily/${date(d)}`,
      payload: { content: note(d, d % 2 === 0, d % 3 === 0) },
    });
    expect(res.statusCode).toBe(200);
  }
  for (const [type, content, day] of [
    ['note', `# ${name}'s note\nText`, date(2)],
    // A week's plan can only be written while the week lasts.
    ['weekly_planning', 'Plan the week', plannableWeek(DEFAULT_TIME_ZONE)],
  ] as const) {
    const res = await client.request({
      method: 'POST',
      url: '/api/personal-journal',
      payload: { date: day, journal_type: type, content, structured_data: { kept: [1, 'two', { three: null }] } },
    });
    expect(res.statusCode).toBe(200);
  }
}

async function expectSameList(name: string, type: JournalType | undefined, limit: number, offset: number) {
  const id = users[name]?.id as number;
  const json = await listJournalEntriesJson(h.ctx.db, id, { type, limit, offset });
  expect(json).toBe(writeList(await listJournalEntries(h.ctx.db, id, { type, limit, offset })));
  return JSON.parse(json) as Array<{ id: number; content: string; journal_type: string; structured_data: unknown }>;
}

async function expectSameDaily(name: string, day: string) {
  const id = users[name]?.id as number;
  const json = (await getDailyNoteJson(h.ctx.db, id, day)).toString();
  expect(json).toBe(writeDaily(await getDailyNote(h.ctx.db, id, day)));
  const res = await users[name]?.client.request({ method: 'GET', url: `/api/notes/daily/${day}` });
  expect(res?.statusCode).toBe(200);
  expect(res?.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res?.body).toBe(json);
  return JSON.parse(json) as { exists: boolean; content: string; structured_data: Record<string, unknown> };
}

const rowOf = async (name: string, day: string) =>
  h.ctx.db
    .selectFrom('journal_entries')
    .select(['id', 'structured_data', 'updated_at'])
    .where('user_id', '=', users[name]?.id as number)
    .where('journal_type', '=', 'daily')
    .where('date', '=', day)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  h = await createHarness();
  await seed('ada', 14);
  await seed('bob', 5);
});
afterAll(async () => h.close());

describe('journal answers written from reused entry texts', () => {
  it('equal the presented entries for every type, page and user, read after read', async () => {
    for (let round = 0; round < 2; round++)
      for (const type of [undefined, ...JOURNAL_TYPES])
        for (const [limit, offset] of [
          [200, 0],
          [3, 0],
          [3, 3],
          [5, 10],
          [10, 200],
        ] as const) {
          await expectSameList('ada', type, limit, offset);
          await expectSameList('bob', type, limit, offset);
        }
    // The same row listed whole and as its parts is three texts, each of its own type.
    const whole = await expectSameList('ada', 'daily', 200, 0);
    const mornings = await expectSameList('ada', 'daily_morning', 200, 0);
    const evenings = await expectSameList('ada', 'daily_evening', 200, 0);
    expect(whole).toHaveLength(14);
    expect(mornings.map((e) => e.journal_type)).toEqual(Array(7).fill('daily_morning'));
    expect(evenings.map((e) => e.journal_type)).toEqual(Array(4).fill('daily_evening'));
    expect(mornings[0]?.id).toBe(whole[0]?.id);
    expect(mornings[0]?.structured_data).toEqual(
      (whole[0]?.structured_data as { morning?: unknown } | undefined)?.morning,
    );
    // Another user's entries are never on a page.
    const bobIds = new Set((await expectSameList('bob', undefined, 200, 0)).map((e) => e.id));
    expect((await expectSameList('ada', undefined, 200, 0)).filter((e) => bobIds.has(e.id))).toEqual([]);
  });

  it('write an entry again when its text, parts or times change, through the API or behind it', async () => {
    await expectSameList('ada', undefined, 200, 0);
    const res = await users.ada?.client.request({
      method: 'POST',
      url: `/api/notes/daily/${date(14)}`,
      payload: { content: note(99, true, true) },
    });
    expect(res?.statusCode).toBe(200);
    const first = (await expectSameList('ada', 'daily_evening', 1, 0))[0];
    expect(first?.content).toContain('Day 99');
    expect(first?.structured_data).toMatchObject({ wins: ['Thing 99'] });

    // Stored data changed without a new time (another instance, a repair): still written anew.
    const row = await rowOf('ada', date(12));
    await h.ctx.db
      .updateTable('journal_entries')
      .set({ structured_data: JSON.stringify({ morning: { daily_priorities: ['Changed behind'] } }) })
      .where('id', '=', row.id)
      .execute();
    const entry = (await expectSameList('ada', 'daily_morning', 200, 0)).find((e) => e.id === row.id);
    expect(entry?.structured_data).toEqual({ daily_priorities: ['Changed behind'] });
    await h.ctx.db
      .updateTable('journal_entries')
      .set({ updated_at: '2030-01-01T00:00:00.000Z' })
      .where('id', '=', row.id)
      .execute();
    const byId = async (type: JournalType) =>
      (await expectSameList('ada', type, 200, 0)).find((e) => e.id === row.id) as { updated_at?: string } | undefined;
    expect((await byId('daily'))?.updated_at).toBe('2030-01-01T00:00:00.000Z');
    // Damaged stored data is presented as none, as before.
    for (const damaged of ['{not json', '[1,2]', 'null', '']) {
      await h.ctx.db
        .updateTable('journal_entries')
        .set({ structured_data: damaged })
        .where('id', '=', row.id)
        .execute();
      expect(await byId('daily')).toMatchObject({ structured_data: null });
      expect(await expectSameList('ada', 'daily_morning', 200, 0)).not.toContainEqual(
        expect.objectContaining({ id: row.id, structured_data: expect.anything() }),
      );
    }
  });

  it('give the daily note as presented: written, missing, changed and damaged', async () => {
    expect((await expectSameDaily('ada', date(5))).exists).toBe(true);
    expect(await expectSameDaily('ada', '2026-05-01')).toEqual({
      date: '2026-05-01',
      exists: false,
      content: '',
      structured_data: {},
      updated_at: null,
    });
    // Bob's note of the same date is his own.
    expect((await expectSameDaily('bob', date(5))).content).toContain('Day 5');
    await users.bob?.client.request({
      method: 'POST',
      url: `/api/notes/daily/${date(5)}`,
      payload: { content: note(55, true, false) },
    });
    expect((await expectSameDaily('bob', date(5))).content).toContain('Day 55');
    expect((await expectSameDaily('ada', date(5))).content).toContain('Day 5:');

    const row = await rowOf('ada', date(6));
    const before = await expectSameDaily('ada', date(6));
    expect(before.structured_data.morning).toBeDefined();
    // Parts that no longer pass the schema are presented as none; fixed, they come back.
    await h.ctx.db
      .updateTable('journal_entries')
      .set({ structured_data: JSON.stringify({ morning: { energy_level: 'high' } }) })
      .where('id', '=', row.id)
      .execute();
    expect((await expectSameDaily('ada', date(6))).structured_data).toEqual({});
    await h.ctx.db
      .updateTable('journal_entries')
      .set({ structured_data: row.structured_data })
      .where('id', '=', row.id)
      .execute();
    expect((await expectSameDaily('ada', date(6))).structured_data).toEqual(before.structured_data);
  });
});
