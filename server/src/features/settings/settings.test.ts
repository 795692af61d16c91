import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT_REQUESTS } from '#common/coachTexts.js';
import { startOfDayIn, todayIn } from '#common/time.js';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { settingsOf, settingsResponseOf } from '../workout/service.js';
import type { SettingsRow } from '../workout/settingsRepo.js';
import { generate } from '../workout/testing.js';

let h: Harness;
afterEach(async () => h?.close());

// Fourteen hours ahead of UTC and eleven behind: their dates always differ.
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

const setZone = async (c: Client, timezone: string) => {
  const res = await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('settings and the time zone', () => {
  it('starts unset (UTC), takes an IANA zone in its canonical spelling and refuses unknown ones', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    expect((await c.request({ method: 'GET', url: '/api/auth/me' })).json().user.timezone).toBeNull();
    const before = (await c.request({ method: 'GET', url: '/api/settings' })).json();
    expect(before.timezone).toBe('UTC');

    expect((await setZone(c, 'europe/paris')).timezone).toBe('Europe/Paris');
    expect((await c.request({ method: 'GET', url: '/api/auth/me' })).json().user.timezone).toBe('Europe/Paris');
    const after = (await c.request({ method: 'GET', url: '/api/settings' })).json();
    // Saving only the zone keeps the workout settings.
    expect(after).toEqual({ ...before, timezone: 'Europe/Paris' });

    for (const timezone of ['Mars/Olympus_Mons', '', 'x'.repeat(65), 'UTC+25']) {
      const res = await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone } });
      expect(res.statusCode, timezone).toBe(400);
      expect(res.json().error).toMatch(/time zone|timezone/i);
    }
    expect((await c.request({ method: 'PUT', url: '/api/settings', payload: {} })).json()).toEqual({
      error: 'Nothing to save',
    });
    expect((await c.request({ method: 'GET', url: '/api/settings' })).json().timezone).toBe('Europe/Paris');
  });

  it('takes outdated zone names and saves them by their current name', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    for (const [sent, saved] of [
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['asia/kolkata', 'Asia/Kolkata'],
      ['Europe/Kiev', 'Europe/Kyiv'],
      ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ['US/Eastern', 'America/New_York'],
    ]) {
      expect((await setZone(c, sent as string)).timezone, sent).toBe(saved);
      expect((await c.request({ method: 'GET', url: '/api/auth/me' })).json().user.timezone).toBe(saved);
    }
  });

  it('saves workout settings without touching the zone, and keeps each user’s zone their own', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await setZone(alice, 'Asia/Tokyo');
    const workoutPreferences = JSON.stringify({ weatherDependent: false, preferredDuration: 45 });
    const res = await alice.request({ method: 'PUT', url: '/api/settings', payload: { workoutPreferences } });
    expect(res.json()).toMatchObject({ workoutPreferences, timezone: 'Asia/Tokyo' });
    expect((await bob.request({ method: 'GET', url: '/api/settings' })).json().timezone).toBe('UTC');
  });
});

describe("'today' follows the user's zone on the server", () => {
  it('overdue todos are those created before the start of the user’s today', async () => {
    h = await createHarness();
    for (const zone of [EAST, WEST]) {
      const c = await createUserAndSignIn(h, `u${zone.length}`);
      await setZone(c, zone);
      const midnight = Date.parse(startOfDayIn(todayIn(zone), zone));
      const add = async (content: string, createdAt: number) => {
        const t = (await c.request({ method: 'POST', url: '/api/todos', payload: { content } })).json();
        await h.ctx.db
          .updateTable('todos')
          .set({ created_at: new Date(createdAt).toISOString() })
          .where('id', '=', t.id)
          .execute();
      };
      await add('before midnight', midnight - 60_000);
      // At most "now", so it is never in the future.
      await add('after midnight', Math.min(midnight + 60_000, Date.now()));
      const overdue = (await c.request({ method: 'GET', url: '/api/todos?overdue=true' })).json();
      expect(
        overdue.map((t: { content: string }) => t.content),
        zone,
      ).toEqual(['before midnight']);
    }
  });

  it("the latest plan is today's plan in the user's zone", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'athlete');
    const idOf = async (date: string) => (await generate(c, date)).events.at(-1)?.data.id as number;
    const east = await idOf(todayIn(EAST));
    const west = await idOf(todayIn(WEST));
    await idOf('2099-01-01');
    await setZone(c, EAST);
    expect((await c.request({ method: 'GET', url: '/api/workout/next' })).json().plan.id).toBe(east);
    await setZone(c, WEST);
    expect((await c.request({ method: 'GET', url: '/api/workout/next' })).json().plan.id).toBe(west);
  });

  it('a generation without a date plans for the user’s today', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'athlete');
    await setZone(c, EAST);
    const done = (await generate(c)).events.at(-1);
    expect(done?.event).toBe('completed');
    expect(done?.data.date).toBe(todayIn(EAST));
  });

  it("the offline briefing reads the note of the user's today", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'planner');
    await setZone(c, EAST);
    const note = '## Morning Preparation\n### Daily Priorities\n- Ship the east release\n';
    await c.request({ method: 'POST', url: `/api/notes/daily/${todayIn(EAST)}`, payload: { content: note } });
    const ask = async () =>
      (
        await c.request({
          method: 'POST',
          url: '/api/coach/chat',
          payload: {
            messages: [{ role: 'user', content: ASSISTANT_REQUESTS.briefing }],
            coachType: 'assistant',
            conversation_uuid: null,
          },
        })
      ).json().message.content as string;
    expect(await ask()).toContain('- Ship the east release');
    await setZone(c, WEST);
    expect(await ask()).not.toContain('- Ship the east release');
  });
});

describe('the settings read', () => {
  it('writes each stored text as presenting it afresh would, read after read, damaged texts as defaults', () => {
    const valid = settingsOf(undefined).response;
    const rows: Array<SettingsRow | undefined> = [
      undefined,
      { id: 1, equipment_available: valid.equipmentAvailable, workout_preferences: valid.workoutPreferences },
      { id: 2, equipment_available: '{not json', workout_preferences: '[]' },
      { id: 3, equipment_available: '{"indoor":"dumbbells"}', workout_preferences: '{"extra":true}' },
      {
        id: 4,
        equipment_available: JSON.stringify({ indoor: ['dumbbells'], home: [], outdoor: ['bike'], secret: 'x' }),
        workout_preferences: JSON.stringify({ ...JSON.parse(valid.workoutPreferences), unknown: 1 }),
      },
    ];
    for (let round = 0; round < 2; round++)
      for (const row of rows) expect(settingsResponseOf(row), JSON.stringify(row)).toEqual(settingsOf(row).response);
    // The same row with one text changed answers the change.
    const changed = {
      id: 4,
      equipment_available: JSON.stringify({ indoor: [], home: ['bowflex weights'], outdoor: [] }),
      workout_preferences: '',
    };
    expect(settingsResponseOf(changed)).toEqual(settingsOf(changed).response);
    expect(JSON.parse(settingsResponseOf(changed).equipmentAvailable)).toEqual({
      indoor: [],
      home: ['bowflex weights'],
      outdoor: [],
    });
  });
});

describe('the settings answer, written once', () => {
  it('is written again whenever its row, a stored text or the zone changes, also by another instance', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    const read = async (client = c) => {
      const res = await client.request({ method: 'GET', url: '/api/settings' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json();
    };
    const defaults = await read();
    expect(defaults).toEqual({ ...settingsOf(undefined).response, timezone: 'UTC', aiConfigured: false });

    const workoutPreferences = JSON.stringify({ weatherDependent: false, preferredDuration: 30 });
    await c.request({ method: 'PUT', url: '/api/settings', payload: { workoutPreferences } });
    const saved = await read();
    expect(saved).toMatchObject({ workoutPreferences, timezone: 'UTC' });
    expect(saved.id).toBeGreaterThan(0);
    expect(await read()).toEqual(saved);

    // Bob's answer is his own, though nothing of his is stored.
    expect(await read(bob)).toEqual({ ...settingsOf(undefined).response, timezone: 'UTC', aiConfigured: false });

    // Written by another instance of the app, straight into the database: the next read has it.
    const equipment = { indoor: [], home: ['bowflex weights'], outdoor: ['jogging'] };
    await h.ctx.db
      .updateTable('workout_settings')
      .set({ equipment_available: JSON.stringify(equipment) })
      .where('id', '=', saved.id)
      .execute();
    expect(JSON.parse((await read()).equipmentAvailable)).toEqual(equipment);
    // A damaged text reads as the defaults; the zone is part of the answer too.
    await h.ctx.db
      .updateTable('workout_settings')
      .set({ workout_preferences: '{not json' })
      .where('id', '=', saved.id)
      .execute();
    expect((await read()).workoutPreferences).toBe(settingsOf(undefined).response.workoutPreferences);
    await setZone(c, EAST);
    expect((await read()).timezone).toBe(EAST);
    expect((await read(bob)).timezone).toBe('UTC');
  });
});
