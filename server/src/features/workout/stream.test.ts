import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkoutPlan } from '#common/api/workout.js';
import { catalogueByName } from '#common/workoutCatalogue.js';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { generate } from './testing.js';

let h: Harness;
let c: Client;
beforeAll(async () => {
  h = await createHarness();
  c = await createUserAndSignIn(h, 'streamer');
});
afterAll(() => h.close());

describe('GET /api/workout/stream without an AI provider', () => {
  it('streams connected, rising progress and completed, and stores the plan with uuids', async () => {
    const { res, events } = await generate(c, '2026-05-04', 'Focus: legs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(events[0]?.event).toBe('connected');
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress as number);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    for (const e of events.filter((x) => x.event === 'progress')) expect(e.data.message).toEqual(expect.any(String));
    const done = events.at(-1);
    expect(done?.event).toBe('completed');
    expect(done?.data).toMatchObject({ id: expect.any(Number), date: '2026-05-04', plan: expect.any(String) });
    const plan = JSON.parse(done?.data.plan) as WorkoutPlan;
    expect(plan.uuid).toMatch(/^[0-9a-f-]{36}$/);
    for (const s of plan.workout_sections) {
      expect(s.uuid).toMatch(/^[0-9a-f-]{36}$/);
      for (const e of s.exercises) expect(e.uuid).toMatch(/^[0-9a-f-]{36}$/);
    }
    const main = plan.workout_sections.filter((s) => !/warm|cool/i.test(s.section_name)).flatMap((s) => s.exercises);
    for (const e of main)
      expect(catalogueByName.get(e.name.toLowerCase())?.focus.some((f) => f === 'legs' || f === 'full')).toBe(true);
    const list = await c.request({ method: 'GET', url: '/api/workout' });
    expect(list.json()).toEqual({
      plans: [
        {
          id: done?.data.id,
          date: done?.data.date,
          kind: 'structured',
          title: plan.title,
          estimated_duration: plan.estimated_duration,
          replaced: false,
        },
      ],
      total: 1,
    });
    // The list reads the summary stored beside the plan, not the plan.
    const stored = await h.ctx.db
      .selectFrom('workout_plans')
      .select(['kind', 'title', 'estimated_duration'])
      .where('id', '=', done?.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'structured', title: plan.title, estimated_duration: plan.estimated_duration });
    const one = await c.request({ method: 'GET', url: `/api/workout/${done?.data.id}` });
    expect(one.json()).toEqual({ plan: done?.data });
  });

  it('overwrites an untouched plan when its date is generated again (same id, new uuids)', async () => {
    const first = (await generate(c, '2026-05-09')).events.at(-1)?.data;
    const second = (await generate(c, '2026-05-09', 'core')).events.at(-1)?.data;
    expect(second.id).toBe(first.id);
    expect(JSON.parse(second.plan).uuid).not.toBe(JSON.parse(first.plan).uuid);
    const plans = (await c.request({ method: 'GET', url: '/api/workout' })).json().plans;
    expect(plans.filter((p: { date: string }) => p.date === '2026-05-09')).toHaveLength(1);
  });

  it('keeps a plan with a marked exercise as an earlier version, with its marks', async () => {
    const first = (await generate(c, '2026-05-10')).events.at(-1)?.data;
    const uuid = JSON.parse(first.plan).uuid;
    const section = JSON.parse(first.plan).workout_sections[0];
    const saved = await c.request({
      method: 'POST',
      url: '/api/exercise/progress',
      payload: {
        workout_uuid: uuid,
        section_uuid: section.uuid,
        exercise_uuid: section.exercises[0].uuid,
        status: 'completed',
      },
    });
    expect(saved.statusCode).toBe(200);
    const second = (await generate(c, '2026-05-10', 'core')).events.at(-1)?.data;
    expect(second.id).not.toBe(first.id);
    expect(JSON.parse(second.plan).uuid).not.toBe(uuid);
    const plans = (await c.request({ method: 'GET', url: '/api/workout' })).json().plans;
    expect(
      plans
        .filter((p: { date: string }) => p.date === '2026-05-10')
        .map((p: { id: number; replaced: boolean }) => [p.id, p.replaced]),
    ).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
    const next = (await c.request({ method: 'GET', url: '/api/workout/next?' })).json();
    expect(next.plan.id).not.toBe(first.id);
    const old = await c.request({ method: 'GET', url: `/api/workout/${first.id}` });
    expect(old.json()).toEqual({ plan: first });
    const marks = (await c.request({ method: 'GET', url: `/api/exercise/progress/${uuid}` })).json().progress;
    expect(marks).toHaveLength(1);
  });

  it('does not repeat yesterday’s focus', async () => {
    const d1 = JSON.parse((await generate(c, '2026-06-01', 'upper body')).events.at(-1)?.data.plan);
    const d2 = JSON.parse((await generate(c, '2026-06-02')).events.at(-1)?.data.plan);
    expect(d1.title).toMatch(/Upper Body/);
    expect(d2.title).not.toMatch(/Upper Body/);
  });

  it('refuses a bad date before streaming, and needs a session', async () => {
    const bad = await c.request({ method: 'GET', url: '/api/workout/stream?date=tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.any(String) });
    const anon = await h.app.inject({ method: 'GET', url: '/api/workout/stream?date=2026-05-04' });
    expect(anon.statusCode).toBe(401);
  });

  it('uses only the equipment saved in settings and never a disliked exercise', async () => {
    const u = await createUserAndSignIn(h, 'bandsonly');
    const put = await u.request({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        equipmentAvailable: JSON.stringify({ indoor: [], home: ['resistance bands'], outdoor: [] }),
        workoutPreferences: JSON.stringify({ weatherDependent: false, preferredDuration: 45 }),
      },
    });
    expect(put.statusCode).toBe(200);
    await u.request({
      method: 'POST',
      url: '/api/exercise/feedback',
      payload: { workoutDate: '2026-07-01', exerciseName: 'Band Pull-Apart', feedbackType: 'dislike' },
    });
    for (const [date, prompt] of [
      ['2026-07-02', 'upper body'],
      ['2026-07-03', ''],
      ['2026-07-04', 'legs'],
    ] as const) {
      const plan = JSON.parse((await generate(u, date, prompt)).events.at(-1)?.data.plan) as WorkoutPlan;
      expect(plan.estimated_duration).toBe(45);
      expect(plan.workout_sections.reduce((s, x) => s + x.duration, 0)).toBe(45);
      for (const e of plan.workout_sections.flatMap((s) => s.exercises)) {
        expect(e.name).not.toBe('Band Pull-Apart');
        const eq = catalogueByName.get(e.name.toLowerCase())?.equipment;
        expect([null, 'resistance bands']).toContain(eq);
      }
    }
  });
});
