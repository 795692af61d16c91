import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { generate } from './testing.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function plan(c: Client, date: string, prompt?: string) {
  const done = (await generate(c, date, prompt)).events.at(-1)?.data;
  expect(done?.id).toEqual(expect.any(Number));
  return { id: done.id as number, record: done, plan: JSON.parse(done.plan) };
}

async function markAll(c: Client, p: Awaited<ReturnType<typeof plan>>, count: number) {
  const items = p.plan.workout_sections.flatMap((s: { uuid: string; exercises: Array<{ uuid: string }> }) =>
    s.exercises.map((e) => ({ section: s.uuid, exercise: e.uuid })),
  );
  for (const i of items.slice(0, count)) {
    await c.request({
      method: 'POST',
      url: '/api/exercise/progress',
      payload: { workout_uuid: p.plan.uuid, section_uuid: i.section, exercise_uuid: i.exercise, status: 'completed' },
    });
  }
}

const plans = async (c: Client) => (await c.request({ method: 'GET', url: '/api/workout' })).json();
const logOf = async (c: Client, date: string) =>
  (await c.request({ method: 'GET', url: `/api/workout-log?date=${date}` })).json().logs[0];

describe('plan versions', () => {
  it('regenerating a logged plan keeps it in the history, and its log still names a plan that exists', async () => {
    const c = await createUserAndSignIn(h, 'v-logged');
    const date = '2026-03-02';
    const old = await plan(c, date);
    await markAll(c, old, 7);
    const saved = await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: {
        date,
        entry: `${old.plan.title}: 7 completed, 0 partial, 0 skipped`,
        plan_id: old.id,
        workout_completion: [{ name: 'Squat', completed: 'completed' }],
      },
    });
    expect(saved.statusCode).toBe(200);

    const fresh = await plan(c, date, 'core');
    expect(fresh.id).not.toBe(old.id);
    const list = await plans(c);
    expect(list.total).toBe(2);
    expect(list.plans.map((p: { id: number; replaced: boolean }) => [p.id, p.replaced])).toEqual([
      [fresh.id, false],
      [old.id, true],
    ]);
    // The old plan is whole and readable; Today shows the new one.
    expect((await c.request({ method: 'GET', url: `/api/workout/${old.id}` })).json()).toEqual({ plan: old.record });
    const next = (await c.request({ method: 'GET', url: '/api/workout/next' })).json().plan;
    expect(next.id === fresh.id || next.date !== date).toBe(true);
    // The log still belongs to the old plan, which exists.
    const log = await logOf(c, date);
    expect(log).toMatchObject({ plan_id: old.id, status: 'completed' });
    expect((await c.request({ method: 'GET', url: `/api/workout/${log.plan_id}` })).statusCode).toBe(200);
    // Its marks stay with it.
    const marks = (await c.request({ method: 'GET', url: `/api/exercise/progress/${old.plan.uuid}` })).json();
    expect(marks.progress).toHaveLength(7);
  });

  it('a manual log of the date keeps its plan too, and saving the new plan’s log moves the log to it', async () => {
    const c = await createUserAndSignIn(h, 'v-manual');
    const date = '2026-03-03';
    const old = await plan(c, date);
    // Saved without naming a plan: the date's plan is the log's plan.
    const first = await c.request({ method: 'POST', url: '/api/workout-log', payload: { date, entry: 'Did half' } });
    expect(first.json().log.plan_id).toBe(old.id);
    const fresh = await plan(c, date);
    expect(fresh.id).not.toBe(old.id);
    expect((await logOf(c, date)).plan_id).toBe(old.id);
    // Editing the log keeps its plan; saving the new plan's completion names the new plan.
    await c.request({ method: 'POST', url: '/api/workout-log', payload: { date, entry: 'Did half, then more' } });
    expect((await logOf(c, date)).plan_id).toBe(old.id);
    await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: { date, entry: 'New plan', plan_id: fresh.id },
    });
    expect((await logOf(c, date)).plan_id).toBe(fresh.id);
  });

  it('refuses a log naming a plan of another date or another user, and changes nothing', async () => {
    const c = await createUserAndSignIn(h, 'v-refuse');
    const other = await createUserAndSignIn(h, 'v-other');
    const mine = await plan(c, '2026-03-04');
    const theirs = await plan(other, '2026-03-05');
    for (const [date, id] of [
      ['2026-03-05', mine.id],
      ['2026-03-05', theirs.id],
    ] as const) {
      const res = await c.request({
        method: 'POST',
        url: '/api/workout-log',
        payload: { date, entry: 'x', plan_id: id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('That workout plan is not a plan of this date.');
    }
    expect(await logOf(c, '2026-03-05')).toBeUndefined();
  });

  it('deleting the current plan brings back the earlier version; deleting a logged plan leaves the log without one', async () => {
    const c = await createUserAndSignIn(h, 'v-delete');
    const date = '2026-03-06';
    const old = await plan(c, date);
    await markAll(c, old, 1);
    const fresh = await plan(c, date);
    expect((await c.request({ method: 'DELETE', url: `/api/workout/${fresh.id}` })).statusCode).toBe(200);
    const list = await plans(c);
    expect(list.plans.map((p: { id: number; replaced: boolean }) => [p.id, p.replaced])).toEqual([[old.id, false]]);

    await c.request({ method: 'POST', url: '/api/workout-log', payload: { date, entry: 'Done', plan_id: old.id } });
    expect((await c.request({ method: 'DELETE', url: `/api/workout/${old.id}` })).statusCode).toBe(200);
    expect(await logOf(c, date)).toMatchObject({ entry: 'Done', plan_id: null, status: 'completed' });
  });

  it('the stats count a logged workout’s minutes from the plan it was logged for', async () => {
    const c = await createUserAndSignIn(h, 'v-minutes');
    const settings = (minutes: number) =>
      c.request({
        method: 'PUT',
        url: '/api/settings',
        payload: { workoutPreferences: JSON.stringify({ weatherDependent: false, preferredDuration: minutes }) },
      });
    const today = (await c.request({ method: 'GET', url: '/api/dashboard/overview' })).json().today as string;
    await settings(20);
    const old = await plan(c, today);
    await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: { date: today, entry: 'Done', plan_id: old.id },
    });
    await settings(60);
    await plan(c, today);
    const stats = (await c.request({ method: 'GET', url: '/api/stats?range=4w' })).json();
    expect(stats.weeks.reduce((n: number, w: { minutes: number }) => n + w.minutes, 0)).toBe(20);
  });
});
