import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '#common/api/stats.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, signIn, userIdOf } from '../../test/harness.js';
import { morningNote, seed } from '../../test/seed.js';
import * as repo from './repo.js';
import { dayNumber, stats, streaks } from './service.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('streaks', () => {
  const streaksOn = (dates: string[], today: string) => streaks(dates.map(dayNumber), dayNumber(today));
  it('counts days in a row, today or up to yesterday while today is open', () => {
    expect(streaksOn([], '2026-03-08')).toEqual({ current: 0, longest: 0 });
    expect(streaksOn(['2026-03-06', '2026-03-07', '2026-03-08'], '2026-03-08')).toEqual({ current: 3, longest: 3 });
    expect(streaksOn(['2026-03-06', '2026-03-07'], '2026-03-08')).toEqual({ current: 2, longest: 2 });
    expect(streaksOn(['2026-03-05', '2026-03-06'], '2026-03-08')).toEqual({ current: 0, longest: 2 });
    expect(streaksOn(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-08'], '2026-03-08')).toEqual({
      current: 1,
      longest: 4,
    });
    // Across a year's end and a leap day.
    expect(streaksOn(['2027-12-31', '2028-01-01', '2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-02')).toEqual({
      current: 3,
      longest: 3,
    });
  });
});

// Kiritimati is UTC+14: at this instant it is already Sunday 2026-03-08 there, while UTC is still
// on Saturday the 7th — so the weeks, "today" and the todos' days must all follow the user's zone.
const ZONE = 'Pacific/Kiritimati';
const NOW = Date.parse('2026-03-07T12:00:00Z');

async function insertPlan(userId: number, date: string, minutes: number) {
  const now = new Date().toISOString();
  await h.ctx.db
    .insertInto('workout_plans')
    .values({
      user_id: userId,
      date,
      plan_uuid: `plan-${userId}-${date}`,
      plan: JSON.stringify({ title: 'Plan', estimated_duration: minutes, workout_sections: [] }),
      focus: null,
      intensity: null,
      source: 'planner',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function insertTodo(userId: number, completedAt: string | null) {
  await h.ctx.db
    .insertInto('todos')
    .values({
      user_id: userId,
      content: `todo ${completedAt}`,
      completed: completedAt ? 1 : 0,
      completed_at: completedAt,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
}

async function insertTranscript(userId: number, date: string) {
  await h.ctx.db
    .insertInto('transcripts')
    .values({
      user_id: userId,
      date,
      title: `Meeting ${date}`,
      content: 'We met.',
      context: null,
      transcript_type: 'scheduled',
      google_event_id: null,
      google_event_etag: null,
      google_recurring_event_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

const feedback = (c: Client, workoutDate: string, exerciseName: string, feedbackType: 'like' | 'dislike') =>
  c.request({ method: 'POST', url: '/api/exercise/feedback', payload: { workoutDate, exerciseName, feedbackType } });

/** One account's known history, written as the app would (API) or with chosen timestamps (SQL). */
async function seedAccount(c: Client) {
  const id = await userIdOf(h, c.username);
  await seed.zone(c, ZONE);
  // Workouts: a run of four at new year (the longest), two in the first week of the range, and
  // Friday, Saturday and today's Sunday across the week boundary; a skipped day in between.
  for (const d of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-02-16', '2026-02-17']) {
    await seed.workoutLog(c, d);
  }
  await seed.workoutLog(c, '2026-03-05', { skipped: true, completion: [{ name: 'Run', completed: 'skipped' }] });
  await seed.workoutLog(c, '2026-03-06', {
    completion: [
      { name: 'Squat', completed: 'completed' },
      { name: 'Plank', completed: 'completed' },
      { name: 'Lunge', completed: 'partial' },
    ],
  });
  await seed.workoutLog(c, '2026-03-07');
  await seed.workoutLog(c, '2026-03-08');
  await seed.workoutLog(c, '2026-01-10', { completion: [{ name: 'Old', completed: 'completed' }] });
  await insertPlan(id, '2026-02-16', 20);
  await insertPlan(id, '2026-03-06', 30);
  await insertPlan(id, '2026-03-07', 45);
  await insertPlan(id, '2026-03-04', 60); // planned, never logged: no minutes

  // Journal: mornings with energy levels, evenings.
  await seed.dailyNote(c, '2026-02-20', morningNote('Plan the trip', 9));
  await seed.dailyNote(c, '2026-03-02', morningNote('Write', 7));
  await seed.dailyNote(c, '2026-03-03', `${morningNote('Read', 4)}\n## Evening Shutdown\n### Wins\n- Read\n`);
  await seed.dailyNote(c, '2026-03-08', '## Evening Shutdown\n### Wins\n- Rested\n');
  await seed.dailyNote(c, '2026-02-01', morningNote('Before the range', 1));

  // Todos, by the instant they were ticked off.
  await insertTodo(id, '2026-03-07T11:00:00.000Z'); // Sunday 01:00 there: this week
  await insertTodo(id, '2026-03-07T09:00:00.000Z'); // Saturday 23:00 there: last week
  await insertTodo(id, '2026-02-14T11:00:00.000Z'); // Sunday 15 Feb 01:00 there: the first week
  await insertTodo(id, '2026-02-14T09:00:00.000Z'); // Saturday 14 Feb there: before the range
  await insertTodo(id, '2026-03-08T11:00:00.000Z'); // tomorrow there
  await insertTodo(id, null);

  await insertTranscript(id, '2026-02-22');
  await insertTranscript(id, '2026-03-02');
  await insertTranscript(id, '2026-03-02');
  await insertTranscript(id, '2026-02-14');

  for (const [date, name, type] of [
    ['2026-03-01', 'Squat', 'like'],
    ['2026-03-02', 'Squat', 'like'],
    ['2026-03-03', 'Plank', 'like'],
    ['2026-02-20', 'Burpee', 'dislike'],
    ['2026-01-01', 'Lunge', 'dislike'],
  ] as const) {
    expect((await feedback(c, date, name, type)).statusCode).toBe(200);
  }
  return id;
}

describe('stats', () => {
  let answer: Stats;
  beforeAll(async () => {
    const c = await createUserAndSignIn(h, 'counted');
    const id = await seedAccount(c);
    // The same history in another account must never be counted.
    await seedAccount(await createUserAndSignIn(h, 'neighbour'));
    answer = await stats(h.ctx.db, h.ctx.dialect, { id, timeZone: ZONE }, '4w', NOW);
  });

  it('covers the last four Sunday-start weeks up to today, in the user’s zone', () => {
    expect(answer).toMatchObject({ range: '4w', from: '2026-02-15', to: '2026-03-08', timeZone: ZONE });
    expect(answer.weeks.map((w) => w.start)).toEqual(['2026-02-15', '2026-02-22', '2026-03-01', '2026-03-08']);
  });

  it('counts workouts and planned minutes per week', () => {
    expect(answer.weeks.map((w) => [w.workouts, w.minutes])).toEqual([
      [2, 20],
      [0, 0],
      [2, 75],
      [1, 0],
    ]);
  });

  it('finds the current streak across the week boundary and the longest ever', () => {
    expect(answer.streak).toEqual({ current: 3, longest: 4 });
  });

  it('reads the completed days in ascending order, up to the given day, skipped days left out', async () => {
    await signIn(h, 'counted');
    const id = await userIdOf(h, 'counted');
    const done = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-10', '2026-02-16', '2026-02-17'];
    const upTo7 = [...done, '2026-03-06', '2026-03-07'];
    expect(await repo.completedDays(h.ctx.db, id, '2026-03-08')).toEqual([...upTo7, '2026-03-08'].map(dayNumber));
    expect(await repo.completedDays(h.ctx.db, id, '2026-03-07')).toEqual(upTo7.map(dayNumber));
    expect(await repo.completedDays(h.ctx.db, id, '2025-12-31')).toEqual([]);
    expect(repo.ascendingDays('20454,-3,20454,9,10')).toEqual([-3, 9, 10, 20454, 20454]);
    expect(repo.ascendingDays('-3,9,10')).toEqual([-3, 9, 10]);
  });

  it('counts exercise outcomes and verdicts of the range only', () => {
    expect(answer.exerciseOutcomes).toEqual({ completed: 2, partial: 1, skipped: 1 });
    expect(answer.feedback).toEqual({
      liked: [
        { name: 'Squat', count: 2 },
        { name: 'Plank', count: 1 },
      ],
      disliked: [{ name: 'Burpee', count: 1 }],
    });
  });

  it('follows journal consistency and the energy trend', () => {
    expect(answer.weeks.map((w) => [w.mornings, w.evenings])).toEqual([
      [1, 0],
      [0, 0],
      [2, 1],
      [0, 1],
    ]);
    expect(answer.energy).toEqual([
      { date: '2026-02-20', level: 9 },
      { date: '2026-03-02', level: 7 },
      { date: '2026-03-03', level: 4 },
    ]);
  });

  it('puts todos in the week of the user’s day they were done, and counts meetings', () => {
    expect(answer.weeks.map((w) => w.todosCompleted)).toEqual([1, 0, 1, 1]);
    expect(answer.weeks.map((w) => w.meetings)).toEqual([0, 1, 2, 0]);
  });

  it('in UTC the same instant is Saturday, and the weeks shift with it', async () => {
    await createUserAndSignIn(h, 'utc');
    const id = await userIdOf(h, 'utc');
    await insertTodo(id, '2026-03-07T11:00:00.000Z');
    const utc = await stats(h.ctx.db, h.ctx.dialect, { id, timeZone: 'UTC' }, '4w', NOW);
    expect(utc.to).toBe('2026-03-07');
    expect(utc.weeks.map((w) => w.start)).toEqual(['2026-02-08', '2026-02-15', '2026-02-22', '2026-03-01']);
    expect(utc.weeks.map((w) => w.todosCompleted)).toEqual([0, 0, 0, 1]);
  });
});

describe('GET /api/stats', () => {
  it('answers an empty account with zeros, for each range', async () => {
    const c = await createUserAndSignIn(h, 'fresh');
    for (const [range, weeks] of [
      ['4w', 4],
      ['12w', 12],
      ['1y', 52],
    ] as const) {
      const res = await c.request({ method: 'GET', url: `/api/stats?range=${range}` });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Stats;
      expect(body.weeks).toHaveLength(weeks);
      expect(body.weeks.every((w) => w.workouts + w.mornings + w.todosCompleted + w.meetings === 0)).toBe(true);
      expect(body.streak).toEqual({ current: 0, longest: 0 });
      expect(body.energy).toEqual([]);
    }
    expect((await c.request({ method: 'GET', url: '/api/stats' })).json().range).toBe('12w');
  });

  it('refuses an unknown range and needs a session', async () => {
    const c = await createUserAndSignIn(h, 'picky');
    const bad = await c.request({ method: 'GET', url: '/api/stats?range=5y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Range must be 4w, 12w or 1y');
    expect((await h.app.inject({ method: 'GET', url: '/api/stats' })).statusCode).toBe(401);
  });
});
