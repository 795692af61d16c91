import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#common/time.js';
import { type GeneratedAccount, generate, random } from '../../../../bench/accounts/generate.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { stats } from './service.js';

/**
 * Roll-ups equal the full computation: generated accounts (their rows written as the app's
 * tables hold them), read through the kept weeks after random writes of every kind the page
 * counts (added, changed and deleted rows, in the past and the current week, todos done around
 * midnight, a change of time zone), against the page computed from all the rows.
 */
let h: Harness;
let accounts: GeneratedAccount[];
const TODAY = '2026-11-18';
const NOW = Date.parse(`${TODAY}T12:00:00Z`);

beforeAll(async () => {
  h = await createHarness();
  accounts = await generate(h.ctx.db, {
    accounts: 4,
    heavy: 1,
    years: 1.2,
    seed: 7,
    today: TODAY,
    prefix: 'rollup',
    passwordHash: 'unused',
  });
}, 120_000);
afterAll(() => h.close());

async function expectKeptEqualsComputed(user: { id: number; timeZone: string }, now = NOW) {
  for (const range of ['4w', '12w', '1y'] as const) {
    const kept = await stats(h.ctx.db, h.ctx.dialect, user, range, now);
    const computed = await stats(h.ctx.db, h.ctx.dialect, user, range, now, { rollups: false });
    expect(kept).toEqual(computed);
  }
}

/** A todo ticked off at `completedAt` (an ISO instant). */
async function doneTodo(userId: number, completedAt: string) {
  await h.ctx.db
    .insertInto('todos')
    .values({
      user_id: userId,
      content: 'written',
      completed: 1,
      completed_at: completedAt,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** One random write of a kind the stats page counts, on a day of the last year. */
async function randomWrite(userId: number, r: ReturnType<typeof random>) {
  const db = h.ctx.db;
  const date = addDays(TODAY, -r.int(0, 370));
  const at = new Date().toISOString();
  switch (r.int(0, 7)) {
    case 0: {
      // A todo ticked off near a UTC midnight: its local day is another in many zones.
      const when = `${date}T${r.pick(['00:10', '23:50', '12:00'])}:00.000Z`;
      await doneTodo(userId, when);
      return;
    }
    case 1: {
      const todo = await db
        .selectFrom('todos')
        .select('id')
        .where('user_id', '=', userId)
        .where('completed', '=', 1)
        .executeTakeFirst();
      if (todo)
        await db.updateTable('todos').set({ completed: 0, completed_at: null }).where('id', '=', todo.id).execute();
      return;
    }
    case 2:
      await db
        .insertInto('workout_logs')
        .values({
          user_id: userId,
          date,
          entry: 'written',
          workout_completion: JSON.stringify([
            { name: 'Squat', completed: r.pick(['completed', 'partial', 'skipped']) },
          ]),
          workout_skipped: 0,
          workout_done: 1,
          plan_id: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    case 3: {
      const log = await db
        .selectFrom('workout_logs')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (log) await db.deleteFrom('workout_logs').where('id', '=', log.id).execute();
      return;
    }
    case 4: {
      // A daily note moved out of the range (its old week changes; ids keep the days apart).
      const note = await db
        .selectFrom('journal_entries')
        .select('id')
        .where('user_id', '=', userId)
        .where('journal_type', '=', 'daily')
        .orderBy('id')
        .executeTakeFirst();
      if (note)
        await db
          .updateTable('journal_entries')
          .set({ date: addDays(TODAY, -1000 - note.id), has_morning: 1, has_evening: 1 })
          .where('id', '=', note.id)
          .execute();
      return;
    }
    case 5:
      await db
        .insertInto('journal_entries')
        .values({
          user_id: userId,
          date,
          journal_type: 'daily',
          content: 'written',
          structured_data: JSON.stringify({ morning: { energy_level: r.int(1, 10) } }),
          has_morning: 1,
          has_evening: r.int(0, 1),
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await db
        .insertInto('exercise_feedback')
        .values({
          user_id: userId,
          workout_date: date,
          exercise_name: r.pick(['Squat', 'Plank', 'Row']),
          exercise_uuid: null,
          feedback_type: r.pick(['like', 'dislike']),
          comment: null,
          created_at: at,
        })
        .execute();
      return;
    case 6:
      await db
        .insertInto('transcripts')
        .values({
          user_id: userId,
          date,
          title: 'Sync',
          content: 'A: hello',
          context: null,
          transcript_type: 'impromptu',
          google_event_id: null,
          google_event_etag: null,
          google_recurring_event_id: null,
          event_start: null,
          created_at: at,
        })
        .execute();
      return;
    default: {
      const plan = await db
        .selectFrom('workout_plans')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .executeTakeFirst();
      if (plan)
        await db
          .updateTable('workout_plans')
          .set({ kind: 'structured', estimated_duration: r.int(10, 90) })
          .where('id', '=', plan.id)
          .execute();
    }
  }
}

describe('stats roll-ups', () => {
  it('equal the full computation for generated accounts, after random writes of every kind', async () => {
    const r = random(11);
    for (const account of accounts) {
      const user = { id: account.id, timeZone: account.timezone };
      await expectKeptEqualsComputed(user);
      for (let round = 0; round < 12; round++) {
        for (let w = r.int(1, 3); w > 0; w--) await randomWrite(account.id, r);
        await expectKeptEqualsComputed(user);
      }
      // Another zone: the kept weeks were computed for the old one.
      await expectKeptEqualsComputed({ id: account.id, timeZone: 'Pacific/Kiritimati' });
      // The next day: the current week counts one more day.
      await expectKeptEqualsComputed(user, NOW + 86_400_000);
    }
  }, 120_000);

  it('keep the weeks once computed: a second read computes nothing', async () => {
    const account = accounts[1] as GeneratedAccount;
    const user = { id: account.id, timeZone: account.timezone };
    await stats(h.ctx.db, h.ctx.dialect, user, '1y', NOW);
    const before = await h.ctx.db
      .selectFrom('stats_weeks')
      .select(['week_start', 'data'])
      .where('user_id', '=', user.id)
      .execute();
    expect(before.length).toBeGreaterThanOrEqual(53);
    // Marked as computed from other rows: a second read that recomputed would overwrite this.
    await h.ctx.db
      .updateTable('stats_weeks')
      .set({
        data: JSON.stringify({
          counts: {},
          outcomes: { completed: 99, partial: 0, skipped: 0 },
          verdicts: { like: {}, dislike: {} },
          energy: [],
          activities: [],
          heartRate: [],
        }),
      })
      .where('user_id', '=', user.id)
      .where('week_start', '=', addDays(before[0]?.week_start as string, 0))
      .execute();
    const again = await stats(h.ctx.db, h.ctx.dialect, user, '1y', NOW);
    expect(again.exerciseOutcomes.completed).toBeGreaterThanOrEqual(99);
  });

  it('leave a week stale when a write lands while it is computed', async () => {
    const account = accounts[2] as GeneratedAccount;
    const user = { id: account.id, timeZone: account.timezone };
    await stats(h.ctx.db, h.ctx.dialect, user, '4w', NOW);
    const week = await h.ctx.db
      .selectFrom('stats_weeks')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('week_start', 'desc')
      .executeTakeFirstOrThrow();
    expect(week.gen).toBe(week.computed_gen);
    // A todo done in that week bumps its generation: the kept figures no longer hold.
    await doneTodo(user.id, `${addDays(week.week_start, 3)}T12:00:00.000Z`);
    const after = await h.ctx.db
      .selectFrom('stats_weeks')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('week_start', '=', week.week_start)
      .executeTakeFirstOrThrow();
    expect(after.gen).toBeGreaterThan(after.computed_gen);
  });

  it('go with the account when it is deleted', async () => {
    const account = accounts[3] as GeneratedAccount;
    await stats(h.ctx.db, h.ctx.dialect, { id: account.id, timeZone: account.timezone }, '1y', NOW);
    await h.ctx.db.deleteFrom('users').where('id', '=', account.id).execute();
    const left = await h.ctx.db.selectFrom('stats_weeks').select('user_id').where('user_id', '=', account.id).execute();
    expect(left).toEqual([]);
  });
});
