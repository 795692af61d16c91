import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkoutPlan } from '#common/api/workout.js';
import { todayIn } from '#common/time.js';
import { type DayStatus, dayStatus, logFlagsToSave, logStatus } from '#common/workoutStatus.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { generate } from './testing.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Plan = { id: number; plan: WorkoutPlan & { uuid: string } };

async function todaysPlan(c: Client, today: string): Promise<Plan> {
  const done = (await generate(c, today)).events.at(-1)?.data;
  return { id: done.id, plan: JSON.parse(done.plan) };
}

const exercisesOf = (p: Plan) =>
  p.plan.workout_sections.flatMap((s) => s.exercises.map((e) => ({ section: s.uuid as string, e })));

async function mark(c: Client, p: Plan, count: number, status: 'completed' | 'partial' | 'skipped' = 'completed') {
  for (const { section, e } of exercisesOf(p).slice(0, count)) {
    const res = await c.request({
      method: 'POST',
      url: '/api/exercise/progress',
      payload: { workout_uuid: p.plan.uuid, section_uuid: section, exercise_uuid: e.uuid, status },
    });
    expect(res.statusCode).toBe(200);
  }
}

async function saveLog(c: Client, body: Record<string, unknown>) {
  const res = await c.request({ method: 'POST', url: '/api/workout-log', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().log;
}

/** What each screen's server answer says about today. */
async function answers(c: Client, today: string) {
  const history = (await c.request({ method: 'GET', url: `/api/workout-log?date=${today}` })).json().logs[0];
  const overview = (await c.request({ method: 'GET', url: '/api/dashboard/overview' })).json();
  const stats = (await c.request({ method: 'GET', url: '/api/stats?range=4w' })).json();
  const cell = overview.week.find((d: { date: string }) => d.date === today);
  return {
    historyTag: history ? history.status : null,
    dashboard: overview.workoutStatus.status as DayStatus,
    marks: [overview.workoutStatus.marked, overview.workoutStatus.exercises],
    weekTicked: cell.workoutCompleted as boolean,
    statsWorkouts: stats.weeks.reduce((n: number, w: { workouts: number }) => n + w.workouts, 0),
    streak: stats.streak.current as number,
  };
}

/** A completed day agrees everywhere; any other day is nowhere counted. */
function expectAgreement(a: Awaited<ReturnType<typeof answers>>, completed: boolean) {
  expect(a.weekTicked).toBe(completed);
  expect(a.statsWorkouts).toBe(completed ? 1 : 0);
  expect(a.streak).toBe(completed ? 1 : 0);
  expect(a.dashboard === 'completed').toBe(completed);
  if (a.historyTag) expect(a.historyTag === 'completed').toBe(completed);
}

describe('one workout status per day, the same in history, dashboard and stats', () => {
  const today = todayIn('UTC');

  it('a plan with no marks is planned and nowhere completed', async () => {
    const c = await createUserAndSignIn(h, 'st-planned');
    const p = await todaysPlan(c, today);
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: null, dashboard: 'planned', marks: [0, exercisesOf(p).length] });
    expectAgreement(a, false);
  });

  it('a plan with some marks is in progress, not completed', async () => {
    const c = await createUserAndSignIn(h, 'st-partial');
    const p = await todaysPlan(c, today);
    await mark(c, p, 2);
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: null, dashboard: 'in_progress', marks: [2, exercisesOf(p).length] });
    expectAgreement(a, false);
  });

  it('every exercise marked but not saved to the log is still in progress', async () => {
    const c = await createUserAndSignIn(h, 'st-allmarks');
    const p = await todaysPlan(c, today);
    const n = exercisesOf(p).length;
    await mark(c, p, n);
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: null, dashboard: 'in_progress', marks: [n, n] });
    expectAgreement(a, false);
  });

  it('every exercise marked and saved to the log is completed everywhere', async () => {
    const c = await createUserAndSignIn(h, 'st-saved');
    const p = await todaysPlan(c, today);
    await mark(c, p, exercisesOf(p).length);
    const log = await saveLog(c, {
      date: today,
      entry: `${p.plan.title}: all done`,
      plan_id: p.id,
      workout_completion: exercisesOf(p).map(({ e }) => ({ name: e.name, completed: 'completed' })),
    });
    expect(log).toMatchObject({ status: 'completed', workout_done: true, workout_skipped: false, plan_id: p.id });
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: 'completed', dashboard: 'completed' });
    expectAgreement(a, true);
  });

  it('a completion of only skipped exercises is a skipped day', async () => {
    const c = await createUserAndSignIn(h, 'st-allskipped');
    const p = await todaysPlan(c, today);
    await mark(c, p, 2, 'skipped');
    const log = await saveLog(c, {
      date: today,
      entry: 'Skipped both',
      plan_id: p.id,
      workout_completion: exercisesOf(p)
        .slice(0, 2)
        .map(({ e }) => ({ name: e.name, completed: 'skipped' })),
    });
    expect(log.status).toBe('skipped');
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: 'skipped', dashboard: 'skipped' });
    expectAgreement(a, false);
  });

  it('a manual log without marks that says no status is counted nowhere', async () => {
    const c = await createUserAndSignIn(h, 'st-manual-none');
    const log = await saveLog(c, { date: today, entry: 'Thinking about a run', workout_done: false });
    expect(log).toMatchObject({ status: 'none', workout_done: false });
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: 'none', dashboard: 'logged' });
    expectAgreement(a, false);
  });

  it('a manual log without marks beside an untouched plan leaves the plan ready to start', async () => {
    const c = await createUserAndSignIn(h, 'st-manual-plan');
    const p = await todaysPlan(c, today);
    const log = await saveLog(c, { date: today, entry: 'Will do it tonight', workout_done: false });
    expect(log).toMatchObject({ status: 'none', plan_id: p.id });
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: 'none', dashboard: 'planned' });
    expectAgreement(a, false);
  });

  it('a manual log marked done is completed everywhere', async () => {
    const c = await createUserAndSignIn(h, 'st-manual-done');
    const log = await saveLog(c, { date: today, entry: 'Ran 5k', workout_done: true });
    expect(log).toMatchObject({ status: 'completed', workout_done: true, plan_id: null });
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: 'completed', dashboard: 'completed' });
    expectAgreement(a, true);
  });

  it('a log that says skipped is skipped everywhere', async () => {
    const c = await createUserAndSignIn(h, 'st-skipped');
    await todaysPlan(c, today);
    const log = await saveLog(c, { date: today, entry: 'Sick', workout_skipped: true });
    expect(log.status).toBe('skipped');
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: 'skipped', dashboard: 'skipped' });
    expectAgreement(a, false);
  });

  it('a rest day (no plan, no log) is counted nowhere', async () => {
    const c = await createUserAndSignIn(h, 'st-rest');
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: null, dashboard: 'rest', marks: [0, 0] });
    expectAgreement(a, false);
  });

  it('a log written before logs said "done" counts as done unless skipped', async () => {
    const c = await createUserAndSignIn(h, 'st-legacy');
    const userId = await userIdOf(h, 'st-legacy');
    const now = new Date().toISOString();
    await h.ctx.db
      .insertInto('workout_logs')
      .values({
        user_id: userId,
        date: today,
        entry: 'Walked',
        workout_completion: null,
        workout_skipped: 0,
        workout_done: null,
        plan_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const a = await answers(c, today);
    expect(a).toMatchObject({ historyTag: 'completed', dashboard: 'completed' });
    expectAgreement(a, true);
  });

  it('refuses a log that is both done and skipped, and changes nothing', async () => {
    const c = await createUserAndSignIn(h, 'st-both');
    const res = await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: { date: today, entry: 'Both?', workout_done: true, workout_skipped: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/both done and skipped/);
    expect((await c.request({ method: 'GET', url: `/api/workout-log?date=${today}` })).json().logs).toEqual([]);
  });
});

describe('the status rule', () => {
  it('derives a day from its log first, then its plan’s marks', () => {
    const plan = { exercises: 9, marked: 0 };
    const cases: Array<[Parameters<typeof dayStatus>[0], DayStatus]> = [
      [{ plan: null, log: null }, 'rest'],
      [{ plan, log: null }, 'planned'],
      [{ plan: { exercises: 9, marked: 3 }, log: null }, 'in_progress'],
      [{ plan: { exercises: 9, marked: 9 }, log: null }, 'in_progress'],
      [{ plan: null, log: { workout_skipped: 0, workout_done: 0 } }, 'logged'],
      [{ plan: { exercises: 9, marked: 2 }, log: { workout_skipped: 0, workout_done: 0 } }, 'in_progress'],
      [{ plan, log: { workout_skipped: 0, workout_done: 1 } }, 'completed'],
      [{ plan: null, log: { workout_skipped: 0, workout_done: null } }, 'completed'],
      [{ plan, log: { workout_skipped: 1, workout_done: null } }, 'skipped'],
    ];
    for (const [inputs, status] of cases) expect(dayStatus(inputs)).toBe(status);
    expect(logStatus({ workout_skipped: true, workout_done: false })).toBe('skipped');
  });

  it('saves a log as done unless it says otherwise or lists only skipped exercises', () => {
    expect(logFlagsToSave({})).toEqual({ workout_skipped: false, workout_done: true });
    expect(logFlagsToSave({ workout_skipped: true })).toEqual({ workout_skipped: true, workout_done: false });
    expect(logFlagsToSave({ workout_done: false })).toEqual({ workout_skipped: false, workout_done: false });
    expect(logFlagsToSave({ workout_completion: [{ completed: 'skipped' }] })).toEqual({
      workout_skipped: true,
      workout_done: false,
    });
    expect(logFlagsToSave({ workout_completion: [{ completed: 'skipped' }, { completed: 'partial' }] })).toEqual({
      workout_skipped: false,
      workout_done: true,
    });
  });
});
