import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '#common/time.js';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';

const todayUtc = () => todayIn('UTC');

import { generate } from './testing.js';

let h: Harness;
let c: Client;
beforeAll(async () => {
  h = await createHarness();
  c = await createUserAndSignIn(h, 'athlete');
});
afterAll(() => h.close());

const planOf = async (client: Client, date: string) => {
  const done = (await generate(client, date)).events.at(-1)?.data;
  return { id: done.id as number, plan: JSON.parse(done.plan) };
};

describe('workout plans', () => {
  it('latest plan is today’s, else the latest date, else null', async () => {
    const u = await createUserAndSignIn(h, 'latest');
    expect((await u.request({ method: 'GET', url: '/api/workout/next' })).json()).toEqual({ plan: null });
    await planOf(u, '2020-01-01');
    const later = await planOf(u, '2099-01-01');
    expect((await u.request({ method: 'GET', url: '/api/workout/next' })).json().plan.id).toBe(later.id);
    const today = await planOf(u, todayUtc());
    expect((await u.request({ method: 'GET', url: '/api/workout/next' })).json().plan.id).toBe(today.id);
    const list = (await u.request({ method: 'GET', url: '/api/workout?limit=2' })).json().plans;
    expect(list.map((p: { date: string }) => p.date)).toEqual(['2099-01-01', todayUtc()]);
  });

  it('deletes a plan; only its owner can', async () => {
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => (await planOf(owner, '2026-02-02')).id,
      requests: (id) => [
        { method: 'GET', url: `/api/workout/${id}` },
        { method: 'DELETE', url: `/api/workout/${id}` },
      ],
      stillThere: async (owner, id) => {
        const plans = (await owner.request({ method: 'GET', url: '/api/workout' })).json().plans;
        expect(plans.map((p: { id: number }) => p.id)).toContain(id);
        expect((await owner.request({ method: 'GET', url: `/api/workout/${id}` })).json().plan.id).toBe(id);
        const del = await owner.request({ method: 'DELETE', url: `/api/workout/${id}` });
        expect(del.json()).toEqual({ success: true });
        expect((await owner.request({ method: 'GET', url: '/api/workout' })).json().plans).toEqual([]);
        expect((await owner.request({ method: 'DELETE', url: `/api/workout/${id}` })).statusCode).toBe(404);
        const gone = await owner.request({ method: 'GET', url: `/api/workout/${id}` });
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toEqual({ error: 'Workout plan not found' });
      },
    });
  });
});

describe('workout logs', () => {
  it('saves one log per date, updates it, filters by date and lists newest first', async () => {
    const save = (payload: object) => c.request({ method: 'POST', url: '/api/workout-log', payload });
    const first = await save({
      date: '2026-03-01',
      entry: 'Leg day done',
      workout_completion: [{ name: 'Goblet Squat', completed: 'completed', notes: 'heavy' }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().log).toMatchObject({ date: '2026-03-01', workout_skipped: false });
    const again = await save({ date: '2026-03-01', entry: 'Actually skipped', workout_skipped: true });
    expect(again.json().log).toMatchObject({
      id: first.json().log.id,
      entry: 'Actually skipped',
      workout_skipped: true,
      workout_completion: null,
    });
    await save({ date: '2026-03-05', entry: 'Ride' });
    const all = (await c.request({ method: 'GET', url: '/api/workout-log' })).json().logs;
    expect(all.map((l: { date: string }) => l.date)).toEqual(['2026-03-05', '2026-03-01']);
    const one = (await c.request({ method: 'GET', url: '/api/workout-log?date=2026-03-05' })).json().logs;
    expect(one).toHaveLength(1);
    expect((await c.request({ method: 'GET', url: '/api/workout-log?date=2026-03-09' })).json().logs).toEqual([]);
  });

  it('requires a date and an entry', async () => {
    const noEntry = await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: { date: '2026-03-02', entry: '   ' },
    });
    expect(noEntry.statusCode).toBe(400);
    expect(noEntry.json().error).toMatch(/Entry text is required/);
    const noDate = await c.request({ method: 'POST', url: '/api/workout-log', payload: { entry: 'x' } });
    expect(noDate.statusCode).toBe(400);
  });

  it('deletes a log; only its owner can', async () => {
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) =>
        (
          await owner.request({
            method: 'POST',
            url: '/api/workout-log',
            payload: { date: '2026-04-01', entry: 'done' },
          })
        ).json().log.id as number,
      requests: (id) => [{ method: 'DELETE', url: `/api/workout-log/${id}` }],
      stillThere: async (owner, id) => {
        expect((await owner.request({ method: 'GET', url: '/api/workout-log' })).json().logs[0].id).toBe(id);
        expect((await owner.request({ method: 'DELETE', url: `/api/workout-log/${id}` })).statusCode).toBe(200);
        expect((await owner.request({ method: 'GET', url: '/api/workout-log' })).json().logs).toEqual([]);
      },
    });
  });
});

describe('exercise progress', () => {
  it('saves, updates, reads and clears progress per workout uuid', async () => {
    const { plan } = await planOf(c, '2026-09-01');
    const s = plan.workout_sections[1];
    const base = { workout_uuid: plan.uuid, section_uuid: s.uuid };
    const post = (payload: object) => c.request({ method: 'POST', url: '/api/exercise/progress', payload });
    expect((await post({ ...base, exercise_uuid: s.exercises[0].uuid, status: 'partial' })).statusCode).toBe(200);
    await post({ ...base, exercise_uuid: s.exercises[0].uuid, status: 'completed', notes: 'felt strong' });
    await post({ ...base, exercise_uuid: s.exercises[1].uuid, status: 'skipped' });
    expect((await post({ ...base, exercise_uuid: 'x', status: 'done' })).statusCode).toBe(400);
    const got = (await c.request({ method: 'GET', url: `/api/exercise/progress/${plan.uuid}` })).json().progress;
    expect(got).toEqual([
      { ...base, exercise_uuid: s.exercises[0].uuid, status: 'completed', notes: 'felt strong' },
      { ...base, exercise_uuid: s.exercises[1].uuid, status: 'skipped', notes: null },
    ]);
    await c.request({ method: 'DELETE', url: `/api/exercise/progress/${plan.uuid}` });
    expect((await c.request({ method: 'GET', url: `/api/exercise/progress/${plan.uuid}` })).json().progress).toEqual(
      [],
    );
  });

  it('is reachable only by the plan’s owner', async () => {
    let body: object = {};
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => {
        const { plan } = await planOf(owner, '2026-09-02');
        const s = plan.workout_sections[0];
        body = {
          workout_uuid: plan.uuid,
          section_uuid: s.uuid,
          exercise_uuid: s.exercises[0].uuid,
          status: 'completed',
        };
        await owner.request({ method: 'POST', url: '/api/exercise/progress', payload: body });
        return plan.uuid as string;
      },
      requests: (uuid) => [
        { method: 'GET', url: `/api/exercise/progress/${uuid}` },
        { method: 'POST', url: '/api/exercise/progress', payload: { ...body, status: 'skipped' } },
        { method: 'DELETE', url: `/api/exercise/progress/${uuid}` },
      ],
      stillThere: async (owner, uuid) => {
        const got = (await owner.request({ method: 'GET', url: `/api/exercise/progress/${uuid}` })).json().progress;
        expect(got).toEqual([{ ...body, notes: null }]);
      },
    });
  });
});

describe('exercise feedback', () => {
  it('stores one verdict per exercise and date, visible only to its author', async () => {
    const post = (payload: object) => c.request({ method: 'POST', url: '/api/exercise/feedback', payload });
    await post({
      workoutDate: '2026-10-01',
      exerciseName: 'Push-Ups',
      exerciseUuid: 'u1',
      feedbackType: 'like',
      comment: 'fun',
    });
    await post({ workoutDate: '2026-10-01', exerciseName: 'Push-Ups', exerciseUuid: 'u1', feedbackType: 'dislike' });
    await post({ workoutDate: '2026-10-01', exerciseName: 'Plank', feedbackType: 'like' });
    expect((await post({ workoutDate: '2026-10-01', exerciseName: 'Plank', feedbackType: 'love' })).statusCode).toBe(
      400,
    );
    const got = (await c.request({ method: 'GET', url: '/api/exercise/feedback/2026-10-01' })).json().feedback;
    expect(got).toEqual([
      { exercise_name: 'Push-Ups', exercise_uuid: 'u1', feedback_type: 'dislike', comment: null },
      { exercise_name: 'Plank', exercise_uuid: null, feedback_type: 'like', comment: null },
    ]);
    const other = await createUserAndSignIn(h, 'nosy');
    expect((await other.request({ method: 'GET', url: '/api/exercise/feedback/2026-10-01' })).json().feedback).toEqual(
      [],
    );
  });
});

describe('settings', () => {
  it('gives the §3 defaults, saves, and rejects invalid values', async () => {
    const u = await createUserAndSignIn(h, 'settler');
    const first = (await u.request({ method: 'GET', url: '/api/settings' })).json();
    expect(JSON.parse(first.equipmentAvailable)).toEqual({
      indoor: ['peloton bike'],
      home: ['bowflex weights', 'resistance bands', 'calisthenics'],
      outdoor: ['jogging', 'biking'],
    });
    expect(JSON.parse(first.workoutPreferences)).toEqual({ weatherDependent: true, preferredDuration: 30 });
    const equipmentAvailable = JSON.stringify({ indoor: [], home: ['calisthenics'], outdoor: ['jogging'] });
    const put = await u.request({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        equipmentAvailable,
        workoutPreferences: JSON.stringify({ weatherDependent: false, preferredDuration: 60 }),
      },
    });
    expect(put.statusCode).toBe(200);
    const again = (await u.request({ method: 'GET', url: '/api/settings' })).json();
    expect(JSON.parse(again.equipmentAvailable)).toEqual(JSON.parse(equipmentAvailable));
    expect(JSON.parse(again.workoutPreferences)).toEqual({ weatherDependent: false, preferredDuration: 60 });
    for (const workoutPreferences of [
      JSON.stringify({ weatherDependent: true, preferredDuration: 9 }),
      JSON.stringify({ weatherDependent: true, preferredDuration: 121 }),
      'not json',
    ]) {
      const bad = await u.request({
        method: 'PUT',
        url: '/api/settings',
        payload: { equipmentAvailable, workoutPreferences },
      });
      expect(bad.statusCode).toBe(400);
    }
    const badEquipment = await u.request({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        equipmentAvailable: JSON.stringify({ indoor: ['treadmill'], home: [], outdoor: [] }),
        workoutPreferences: '{}',
      },
    });
    expect(badEquipment.statusCode).toBe(400);
    // Other users keep their own settings.
    expect((await c.request({ method: 'GET', url: '/api/settings' })).json()).toEqual(first);
  });
});

describe('API contract', () => {
  it('documents every workout helper in the OpenAPI document and refuses anonymous calls', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/workout/stream',
      '/api/workout/next',
      '/api/workout',
      '/api/workout/{id}',
      '/api/workout-log',
      '/api/workout-log/{id}',
      '/api/exercise/progress',
      '/api/exercise/progress/{workoutUuid}',
      '/api/exercise/feedback',
      '/api/exercise/feedback/{date}',
      '/api/settings',
      '/api/health',
      '/api/health/llm',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    for (const url of [
      '/api/workout',
      '/api/workout/next',
      '/api/workout-log',
      '/api/settings',
      '/api/exercise/feedback/2026-01-01',
    ]) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
