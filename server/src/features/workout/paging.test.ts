import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { planListResponse, WORKOUT_PAGE_DEFAULT, WORKOUT_PAGE_MAX } from '#common/api/workout.js';
import { WORKOUT_SKIPPED_TEXT } from '#common/workoutConstants.js';
import { fillPlanSummaries } from '../../db/migrations/0015_paging_todos.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { listPlanSummaries } from './plansRepo.js';

let h: Harness;
afterEach(async () => h?.close());

const COUNT = WORKOUT_PAGE_DEFAULT + 23; // 123: the second page is short
const dateOf = (i: number) => new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const at = '2024-01-01T00:00:00.000Z';

/** A plan's row as written by an import: no uuid, and a stored summary only when given. */
const planRow = (userId: number, date: string, plan: string, summary: Record<string, unknown> = {}) => ({
  user_id: userId,
  date,
  plan_uuid: null,
  plan,
  focus: null,
  intensity: null,
  source: 'planner',
  created_at: at,
  updated_at: at,
  ...summary,
});

/** A structured plan with a title and a duration, as stored. */
const planJson = (i: number) =>
  JSON.stringify({
    uuid: `plan-${i}`,
    title: `Plan ${i}`,
    description: 'd',
    estimated_duration: 30 + (i % 20),
    equipment_needed: [],
    notes: '',
    workout_sections: [{ section_name: 'Main', duration: 20, exercises: [] }],
  });

async function seed() {
  h = await createHarness();
  const alice = await createUserAndSignIn(h, 'alice');
  await createUserAndSignIn(h, 'bob');
  const a = await userIdOf(h, 'alice');
  const b = await userIdOf(h, 'bob');
  // Inserted in a shuffled order, so the list order cannot come from insertion.
  const order = Array.from({ length: COUNT }, (_, i) => (i * 37) % COUNT);
  const plans = order.map((i) => ({
    user_id: a,
    date: dateOf(i),
    plan_uuid: `plan-${i}`,
    plan: planJson(i),
    focus: null,
    intensity: null,
    source: 'planner',
    created_at: at,
    updated_at: at,
  }));
  await h.ctx.db.insertInto('workout_plans').values(plans).execute();
  const logs = order.map((i) => ({
    user_id: a,
    date: dateOf(i),
    entry: `Log ${i}`,
    workout_completion: null,
    workout_skipped: 0,
    created_at: at,
    updated_at: at,
  }));
  await h.ctx.db.insertInto('workout_logs').values(logs).execute();
  // Bob has plans and logs on the same dates.
  await h.ctx.db
    .insertInto('workout_plans')
    .values(plans.slice(0, 5).map((p) => ({ ...p, user_id: b, plan: planJson(9000) })))
    .execute();
  await h.ctx.db
    .insertInto('workout_logs')
    .values(logs.slice(0, 5).map((l) => ({ ...l, user_id: b, entry: 'Bob' })))
    .execute();
  return alice;
}

const get = async (c: Client, url: string) => {
  const res = await c.request({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('workout list paging', () => {
  it('pages plan summaries newest first with a default and a maximum; the whole plan comes by id', async () => {
    const alice = await seed();
    const first = await get(alice, '/api/workout');
    expect(first.total).toBe(COUNT);
    expect(first.plans).toHaveLength(WORKOUT_PAGE_DEFAULT);
    expect(first.plans[0]).toEqual({
      id: expect.any(Number),
      date: dateOf(COUNT - 1),
      kind: 'structured',
      title: `Plan ${COUNT - 1}`,
      estimated_duration: 30 + ((COUNT - 1) % 20),
      replaced: false,
    });
    const rest = await get(alice, `/api/workout?offset=${WORKOUT_PAGE_DEFAULT}`);
    expect(rest.plans).toHaveLength(COUNT - WORKOUT_PAGE_DEFAULT);
    const all = [...first.plans, ...rest.plans] as Array<{ id: number; date: string; title: string }>;
    expect(all.map((p) => p.date)).toEqual(Array.from({ length: COUNT }, (_, i) => dateOf(COUNT - 1 - i)));
    expect(all.every((p) => p.title !== 'Plan 9000')).toBe(true);

    const walked: number[] = [];
    for (let offset = 0; offset < COUNT; offset += 10)
      walked.push(
        ...(await get(alice, `/api/workout?limit=10&offset=${offset}`)).plans.map((p: { id: number }) => p.id),
      );
    expect(walked).toEqual(all.map((p) => p.id));
    expect((await get(alice, `/api/workout?limit=${WORKOUT_PAGE_MAX}`)).plans).toHaveLength(COUNT);

    const one = await get(alice, `/api/workout/${all[0]?.id}`);
    expect(one.plan).toEqual({ id: all[0]?.id, date: dateOf(COUNT - 1), plan: planJson(COUNT - 1) });

    for (const bad of [`?limit=${WORKOUT_PAGE_MAX + 1}`, '?limit=0', '?offset=-1', '?offset=x']) {
      for (const path of ['/api/workout', '/api/workout-log']) {
        const res = await alice.request({ method: 'GET', url: `${path}${bad}` });
        expect(res.statusCode, `${path}${bad}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('pages logs newest first, and the list never shows another user’s', async () => {
    const alice = await seed();
    const first = await get(alice, '/api/workout-log');
    expect(first.total).toBe(COUNT);
    expect(first.logs).toHaveLength(WORKOUT_PAGE_DEFAULT);
    const rest = await get(alice, `/api/workout-log?offset=${WORKOUT_PAGE_DEFAULT}`);
    const all = [...first.logs, ...rest.logs] as Array<{ id: number; date: string; entry: string }>;
    expect(all.map((l) => l.entry)).toEqual(Array.from({ length: COUNT }, (_, i) => `Log ${COUNT - 1 - i}`));
    const walked: number[] = [];
    for (let offset = 0; offset < COUNT; offset += 25)
      walked.push(
        ...(await get(alice, `/api/workout-log?limit=25&offset=${offset}`)).logs.map((l: { id: number }) => l.id),
      );
    expect(walked).toEqual(all.map((l) => l.id));
    expect(await get(alice, `/api/workout-log?date=${dateOf(3)}`)).toEqual({
      logs: [expect.objectContaining({ entry: 'Log 3' })],
      total: 1,
    });

    // Bob's logs on the same dates are not among Alice's (above); a user with none sees none.
    const carol = await createUserAndSignIn(h, 'carol');
    expect(await get(carol, '/api/workout-log')).toEqual({ logs: [], total: 0 });
    expect(await get(carol, '/api/workout')).toEqual({ plans: [], total: 0 });
  });

  it('names skipped and plain-text plans the way the plan view shows them', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const a = await userIdOf(h, 'alice');
    const row = (date: string, plan: string) => planRow(a, date, plan);
    await h.ctx.db
      .insertInto('workout_plans')
      .values([
        row('2026-01-03', `${WORKOUT_SKIPPED_TEXT}: resting`),
        row('2026-01-02', 'Just run 5 km'),
        row('2026-01-01', JSON.stringify({ workout_sections: [] })),
      ])
      .execute();
    const expected = [
      ['skipped', WORKOUT_SKIPPED_TEXT],
      ['text', 'Workout plan'],
      ['structured', 'Workout'],
    ];
    const names = async () =>
      (await get(alice, '/api/workout')).plans.map((p: { kind: string; title: string }) => [p.kind, p.title]);
    // Rows stored without a summary (an import) are summarised from their JSON on read…
    expect(await names()).toEqual(expected);
    // …and the migration's fill writes the same summary beside them.
    await fillPlanSummaries(h.ctx.db as unknown as Kysely<unknown>);
    const stored = await h.ctx.db
      .selectFrom('workout_plans')
      .select(['kind', 'title'])
      .where('user_id', '=', a)
      .orderBy('date', 'desc')
      .execute();
    expect(stored.map((r) => [r.kind, r.title])).toEqual(expected);
    expect(await names()).toEqual(expected);
  });

  it('answers plan pages with the same bytes as the route’s serialiser writes from the rows', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const a = await userIdOf(h, 'alice');
    const awkward = ['a"b\\c', '\u0001\b\t\n\f\r\u001f\u007f', '\u2028\u2029 é 😀', '</script>', ''];
    const row = (i: number, plan: string, summary: Record<string, unknown>) => planRow(a, dateOf(i), plan, summary);
    const rows = [
      ...awkward.map((title, i) =>
        row(i, planJson(i), { kind: 'structured', title, estimated_duration: i % 2 ? 45 : null }),
      ),
      row(10, 'Rest', { kind: 'text', title: null, estimated_duration: null }),
      // A row stored without a summary, and (on SQLite, whose integer column takes them) durations
      // that are not whole (SQLite writes 1e21 as 1.0e+21): the app writes those pages.
      row(30, planJson(30), {}),
      ...(h.ctx.dialect === 'sqlite'
        ? [
            row(20, planJson(20), { kind: 'structured', title: 'Half', estimated_duration: 42.5 }),
            row(21, planJson(21), { kind: 'structured', title: 'Huge', estimated_duration: 1e21 }),
          ]
        : []),
    ];
    await h.ctx.db.insertInto('workout_plans').values(rows).execute();
    const write = compileResponseSerializer(planListResponse);
    for (const [limit, offset] of [
      [WORKOUT_PAGE_DEFAULT, 0],
      [2, 1],
      [3, 3],
      [5, 4],
      [2, 50],
    ] as const) {
      const res = await alice.request({ method: 'GET', url: `/api/workout?limit=${limit}&offset=${offset}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const plans = await listPlanSummaries(h.ctx.db, a, { limit, offset });
      expect(res.body, `${limit} from ${offset}`).toBe(write({ plans, total: rows.length }));
    }
  });
});
