import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardOverview, OVERVIEW_TEXT } from '#common/api/dashboard.js';
import { addDays, startOfDayIn, sundayOf, todayIn } from '#common/time.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS, userIdOf } from '../../test/harness.js';
import { startIcsFeed } from '../../test/icsFeed.js';
import { morningNote, seed } from '../../test/seed.js';
import {
  type CalendarRow,
  type CalendarValues,
  insertConnection,
  syncCalendarRows,
  updateConnection,
} from '../calendar/repo.js';
import { saveSyncSettings } from '../calendar/settingsRepo.js';
import { generate } from '../workout/testing.js';
import { overview, weekGrid } from './service.js';

const writeOverview = compileResponseSerializer(dashboardOverview);

let h: Harness;
beforeAll(async () => {
  // One test subscribes to a feed served on this machine.
  h = await createHarness({ env: LOCAL_CALENDARS });
});
afterAll(() => h.close());

describe('week grid', () => {
  it('runs Sunday to Saturday around any day, with today and completed days marked', () => {
    const grid = weekGrid('2026-03-04', ['2026-03-01', '2026-03-07', '2026-03-08']);
    expect(grid.map((d) => `${d.weekday} ${d.day}`)).toEqual([
      'Sun 1',
      'Mon 2',
      'Tue 3',
      'Wed 4',
      'Thu 5',
      'Fri 6',
      'Sat 7',
    ]);
    expect(grid.filter((d) => d.isToday).map((d) => d.date)).toEqual(['2026-03-04']);
    expect(grid.filter((d) => d.workoutCompleted).map((d) => d.date)).toEqual(['2026-03-01', '2026-03-07']);
    // A Sunday starts its own week; a Saturday ends it; across a month and a year boundary.
    expect(weekGrid('2026-03-08', [])[0]?.date).toBe('2026-03-08');
    expect(weekGrid('2027-01-02', []).map((d) => d.date)).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});

describe('GET /api/dashboard/overview', () => {
  it('needs a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/dashboard/overview' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('an empty account: no goal, no workout, an empty week, the calendar not connected', async () => {
    const c = await createUserAndSignIn(h, 'empty');
    const res = await c.request({ method: 'GET', url: '/api/dashboard/overview' });
    expect(res.statusCode).toBe(200);
    const today = todayIn('UTC');
    const body = res.json();
    expect(body).toMatchObject({ today, timeZone: 'UTC', personalGoal: null, workout: null });
    expect(body.calendar).toEqual({ connected: false, expired: false, events: [] });
    expect(res.body).toBe(writeOverview(await overview(h.ctx, { id: await userIdOf(h, 'empty'), timeZone: 'UTC' })));
    expect(body.week).toHaveLength(7);
    expect(body.week[0].date).toBe(sundayOf(today));
    expect(body.week.filter((d: { isToday: boolean }) => d.isToday).map((d: { date: string }) => d.date)).toEqual([
      today,
    ]);
    expect(body.week.some((d: { workoutCompleted: boolean }) => d.workoutCompleted)).toBe(false);
  });

  it("shows today's goal, today's plan and this week's completed workouts, in the user's zone", async () => {
    // Kiritimati is UTC+14: its today is a day ahead of UTC's for most of the UTC day, and the
    // answer must follow it (so yesterday's UTC data is not "today").
    const zone = 'Pacific/Kiritimati';
    const c = await createUserAndSignIn(h, 'zoned');
    await seed.zone(c, zone);
    const today = todayIn(zone);
    const sunday = sundayOf(today);
    await seed.dailyNote(c, today, morningNote('Finish the quarterly report'));
    await seed.dailyNote(c, addDays(today, -1), morningNote('Yesterday’s goal'));
    await generate(c, today);
    await seed.workoutLog(c, sunday, { completion: [{ name: 'Squat', completed: 'completed' }] });
    await seed.workoutLog(c, addDays(sunday, 2), { skipped: true });
    await seed.workoutLog(c, addDays(sunday, -1)); // last week: not in this grid
    await seed.workoutLog(c, addDays(sunday, 7)); // next week

    // Another user's data never shows.
    const other = await createUserAndSignIn(h, 'neighbour');
    await seed.zone(other, zone);
    await seed.dailyNote(other, today, morningNote('Not mine'));
    await seed.workoutLog(other, addDays(sunday, 1));

    const body = (await c.request({ method: 'GET', url: '/api/dashboard/overview' })).json();
    expect(body.today).toBe(today);
    expect(body.timeZone).toBe(zone);
    expect(body.personalGoal).toBe('Finish the quarterly report');
    expect(body.workout).toEqual({ id: expect.any(Number), title: expect.any(String) });
    expect(body.workout.title.length).toBeGreaterThan(0);
    expect(
      body.week.filter((d: { workoutCompleted: boolean }) => d.workoutCompleted).map((d: { date: string }) => d.date),
    ).toEqual([sunday]);
    expect(body.week.find((d: { isToday: boolean }) => d.isToday).date).toBe(today);
  });

  it("a plan for another day is not today's workout", async () => {
    const c = await createUserAndSignIn(h, 'planner');
    await generate(c, addDays(todayIn('UTC'), -1));
    await generate(c, addDays(todayIn('UTC'), 1));
    expect((await c.request({ method: 'GET', url: '/api/dashboard/overview' })).json().workout).toBeNull();
  });

  it('a stored plan or note that is not what the app writes reads as a plain workout and no goal', async () => {
    const c = await createUserAndSignIn(h, 'oddRows');
    const id = await userIdOf(h, c.username);
    const today = todayIn('UTC');
    const now = new Date().toISOString();
    const overviewOf = async () => (await c.request({ method: 'GET', url: '/api/dashboard/overview' })).json();
    const plan = (text: string) =>
      h.ctx.db
        .insertInto('workout_plans')
        .values({
          user_id: id,
          date: today,
          plan_uuid: `odd-${text.length}`,
          plan: text,
          focus: null,
          intensity: null,
          source: 'planner',
          created_at: now,
          updated_at: now,
        })
        .execute();
    const note = (text: string | null) =>
      h.ctx.db
        .insertInto('journal_entries')
        .values({
          user_id: id,
          date: today,
          journal_type: 'daily',
          content: 'x',
          structured_data: text,
          has_morning: 1,
          has_evening: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    const clear = async () => {
      await h.ctx.db.deleteFrom('workout_plans').where('user_id', '=', id).execute();
      await h.ctx.db.deleteFrom('journal_entries').where('user_id', '=', id).execute();
    };
    for (const [planText, noteText] of [
      ['not json {', 'not json {'],
      ['{"title": 42}', '{"morning": {"personal_goal": 42}}'],
      ['{"title": "   "}', '{"morning": {"personal_goal": "   "}}'],
      ['[1, 2]', null],
    ] as const) {
      await plan(planText);
      await note(noteText);
      const body = await overviewOf();
      expect(body.workout).toEqual({ id: expect.any(Number), title: 'Workout' });
      expect(body.personalGoal).toBeNull();
      await clear();
    }
    await plan('{"title": "Hill sprints"}');
    await note('{"morning": {"personal_goal": "  Call Sam  "}}');
    expect(await overviewOf()).toMatchObject({ workout: { title: 'Hill sprints' }, personalGoal: 'Call Sam' });
  });

  it('a read after a change shows the change: goal, workout, week and zone, each time as written fresh', async () => {
    const c = await createUserAndSignIn(h, 'rereader');
    const id = await userIdOf(h, 'rereader');
    const read = async () => {
      const res = await c.request({ method: 'GET', url: '/api/dashboard/overview' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // The same bytes as the overview written from scratch for the zone it reports.
      expect(res.body).toBe(writeOverview(await overview(h.ctx, { id, timeZone: body.timeZone })));
      return body;
    };
    const done = (body: { week: Array<{ date: string; workoutCompleted: boolean }> }) =>
      body.week.filter((d) => d.workoutCompleted).map((d) => d.date);
    let today = todayIn('UTC');
    expect(await read()).toMatchObject({ personalGoal: null, workout: null, timeZone: 'UTC' });
    expect(await read()).toMatchObject({ personalGoal: null, workout: null });

    await seed.dailyNote(c, today, morningNote('First goal'));
    expect((await read()).personalGoal).toBe('First goal');
    await seed.dailyNote(c, today, morningNote('Second goal'));
    expect((await read()).personalGoal).toBe('Second goal');

    await generate(c, today);
    const planned = await read();
    expect(planned.workout).toEqual({ id: expect.any(Number), title: expect.any(String) });
    await h.ctx.db
      .updateTable('workout_plans')
      .set({ plan: JSON.stringify({ title: 'Renamed by hand' }) })
      .where('user_id', '=', id)
      .execute();
    expect((await read()).workout).toEqual({ id: planned.workout.id, title: 'Renamed by hand' });

    await seed.workoutLog(c, today, { completion: [{ name: 'Squat', completed: 'completed' }] });
    expect(done(await read())).toEqual([today]);
    await h.ctx.db.updateTable('workout_logs').set({ workout_skipped: 1 }).where('user_id', '=', id).execute();
    expect(done(await read())).toEqual([]);

    // A zone a day ahead of UTC for most of the day: today, the week and what is on it follow.
    await seed.zone(c, 'Pacific/Kiritimati');
    const zoned = await read();
    today = todayIn('Pacific/Kiritimati');
    expect(zoned).toMatchObject({ today, timeZone: 'Pacific/Kiritimati' });
    expect(zoned.week[0].date).toBe(sundayOf(today));
  });

  it("lists today's events in the user's zone from a connected calendar", async () => {
    const zone = 'Pacific/Kiritimati';
    const c = await createUserAndSignIn(h, 'withCalendar');
    await seed.zone(c, zone);
    const today = todayIn(zone);
    // Instants at a local hour of the user's today, yesterday and tomorrow.
    const at = (date: string, hour: number) =>
      new Date(Date.parse(startOfDayIn(date, zone)) + hour * 3600_000).toISOString();
    const feed = await startIcsFeed([
      { uid: 'standup', summary: 'Stand-up', start: at(today, 9), end: at(today, 9.5) },
      { uid: 'lunch', summary: 'Lunch with Sam', start: at(today, 12), end: at(today, 13) },
      { uid: 'holiday', summary: 'Public holiday', date: today },
      {
        uid: 'yesterday',
        summary: 'Yesterday’s call',
        start: at(addDays(today, -1), 15),
        end: at(addDays(today, -1), 16),
      },
      { uid: 'tomorrow', summary: 'Tomorrow’s call', start: at(addDays(today, 1), 8), end: at(addDays(today, 1), 9) },
    ]);
    try {
      await feed.subscribe(c);
      const body = (await c.request({ method: 'GET', url: '/api/dashboard/overview' })).json();
      expect(body.calendar.connected).toBe(true);
      // All-day first, then by start; times in the user's offset.
      expect(body.calendar.events.map((e: { summary: string }) => e.summary)).toEqual([
        'Public holiday',
        'Stand-up',
        'Lunch with Sam',
      ]);
      expect(body.calendar.events[1].start.dateTime).toMatch(new RegExp(`^${today}T09:00:00\\+14:00$`));

      // The answer is built from event texts written once; it is exactly the overview presented
      // afresh and serialised, read after read, and an event declined behind the app (another
      // instance's refresh) leaves the card at once.
      const userId = await userIdOf(h, 'withCalendar');
      const user = { id: userId, timeZone: zone };
      const same = async () => {
        const res = await c.request({ method: 'GET', url: '/api/dashboard/overview' });
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body).toBe(writeOverview(await overview(h.ctx, user)));
        return res.json() as { calendar: { events: Array<{ summary: string }> } };
      };
      await same();
      await same();
      const { id: lunchId, ...lunch } = await h.ctx.db
        .selectFrom('calendar_events')
        .selectAll()
        .where('user_id', '=', userId)
        .where('event_id', 'like', '%lunch%')
        .executeTakeFirstOrThrow();
      // Declined since: a sync replaces the cached row (events are never updated in place).
      await h.ctx.db.deleteFrom('calendar_events').where('id', '=', lunchId).execute();
      await h.ctx.db
        .insertInto('calendar_events')
        .values({ ...lunch, data: JSON.stringify({ ...JSON.parse(lunch.data), declined: true }) })
        .execute();
      expect((await same()).calendar.events.map((e) => e.summary)).toEqual(['Public holiday', 'Stand-up']);
    } finally {
      await feed.close();
    }
  });

  it('counts as connected only a working connection of the user’s own, with or without calendars', async () => {
    const c = await createUserAndSignIn(h, 'expiring');
    const id = await userIdOf(h, 'expiring');
    const connected = async () => (await c.request({ method: 'GET', url: '/api/dashboard/overview' })).json().calendar;
    // Another user's working connection says nothing about this user's.
    await insertConnection(h.ctx.db, await userIdOf(h, 'withCalendar'), {
      provider: 'ics',
      label: 'Someone else’s',
      credentials: 'v1:unused',
    });
    expect(await connected()).toEqual({ connected: false, expired: false, events: [] });
    const first = await insertConnection(h.ctx.db, id, { provider: 'ics', label: 'Old', credentials: 'v1:unused' });
    await updateConnection(h.ctx.db, id, first, { status: 'expired' });
    // Expired alone: not connected, and the card asks to reconnect.
    expect(await connected()).toEqual({ connected: false, expired: true, events: [] });
    // A second one that works, with no calendar synced yet: connected, and still the expired one.
    await insertConnection(h.ctx.db, id, { provider: 'ics', label: 'New', credentials: 'v1:unused' });
    expect(await connected()).toEqual({ connected: true, expired: true, events: [] });
    expect(await overview(h.ctx, { id, timeZone: 'UTC' })).toMatchObject({
      calendar: { connected: true, expired: true, events: [] },
    });
  });

  it('a kept overview follows the calendar card: events, selection, calendars and connections changed behind it', async () => {
    const c = await createUserAndSignIn(h, 'keptCard');
    const id = await userIdOf(h, 'keptCard');
    const today = todayIn('UTC');
    const user = { id, timeZone: 'UTC' };
    // Each answer is exactly the overview presented afresh; the card's summaries are returned.
    const card = async () => {
      const res = await c.request({ method: 'GET', url: '/api/dashboard/overview' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(writeOverview(await overview(h.ctx, user)));
      const { calendar } = res.json() as {
        calendar: {
          connected: boolean;
          expired: boolean;
          events: Array<{ summary: string; calendar: { summary: string } }>;
        };
      };
      return {
        connected: calendar.connected,
        expired: calendar.expired,
        events: calendar.events.map((e) => `${e.calendar.summary}: ${e.summary}`),
      };
    };
    const connection = await insertConnection(h.ctx.db, id, {
      provider: 'ics',
      label: 'Feeds',
      credentials: 'v1:unused',
    });
    // The connection's calendars as a sync leaves them (`syncCalendarRows`), by name.
    const calendars: CalendarValues[] = [];
    const sync = async () => syncCalendarRows(h.ctx.db, id, connection, calendars);
    const calendar = async (name: string) => {
      const remote_id = `https://example.com/${name}.ics`;
      calendars.push({
        remote_id,
        summary: name,
        background_color: '#4285f4',
        foreground_color: '#ffffff',
        writable: 0,
        is_primary: 0,
      });
      return ((await sync()).find((c) => c.remote_id === remote_id) as CalendarRow).id;
    };
    const resync = async (name: string, change: Partial<CalendarValues>) => {
      Object.assign(calendars.find((c) => c.summary === name) as CalendarValues, change);
      await sync();
    };
    const event = (calendarRowId: number, eventId: string, hour: number, summary: string) =>
      h.ctx.db
        .insertInto('calendar_events')
        .values({
          user_id: id,
          calendar_row_id: calendarRowId,
          event_id: eventId,
          start_at: `${today}T${String(hour).padStart(2, '0')}:00:00.000Z`,
          end_at: `${today}T${String(hour).padStart(2, '0')}:30:00.000Z`,
          start_date: null,
          end_date: null,
          data: JSON.stringify({ summary, declined: false }),
        })
        .execute();
    const select = (ids: string[]) =>
      saveSyncSettings(h.ctx.db, id, {
        auto_sync: 0,
        sync_workouts: 0,
        sync_journal: 0,
        selected_calendars: JSON.stringify(ids),
      });

    expect(await card()).toEqual({ connected: true, expired: false, events: [] });
    const team = await calendar('Team');
    await event(team, 'standup', 9, 'Stand-up');
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Team: Stand-up'] });
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Team: Stand-up'] });
    const home = await calendar('Home');
    await event(home, 'dentist', 8, 'Dentist');
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Home: Dentist', 'Team: Stand-up'] });
    // Only Home selected, then both again (an empty selection shows every calendar).
    await select(['ics:https://example.com/Home.ics']);
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Home: Dentist'] });
    await select([]);
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Home: Dentist', 'Team: Stand-up'] });
    // A calendar renamed, or given another text colour, by a sync.
    await resync('Team', { summary: 'Work' });
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Home: Dentist', 'Work: Stand-up'] });
    await resync('Work', { foreground_color: '#000000' });
    await card();
    // An event gone, and the connection expired.
    await h.ctx.db.deleteFrom('calendar_events').where('user_id', '=', id).where('event_id', '=', 'dentist').execute();
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Work: Stand-up'] });
    await updateConnection(h.ctx.db, id, connection, { status: 'expired' });
    expect(await card()).toEqual({ connected: false, expired: true, events: [] });
    await updateConnection(h.ctx.db, id, connection, { status: 'connected' });
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Work: Stand-up'] });
    // Beside a second connection that works: only the expired one's events leave the card.
    const other = await insertConnection(h.ctx.db, id, { provider: 'ics', label: 'Other', credentials: 'v1:unused' });
    const [gym] = await syncCalendarRows(h.ctx.db, id, other, [
      {
        remote_id: 'https://example.com/gym.ics',
        summary: 'Gym',
        background_color: '#33b679',
        foreground_color: '#000000',
        writable: 0,
        is_primary: 0,
      },
    ]);
    await event((gym as CalendarRow).id, 'spin', 7, 'Spin class');
    expect(await card()).toEqual({ connected: true, expired: false, events: ['Gym: Spin class', 'Work: Stand-up'] });
    await updateConnection(h.ctx.db, id, connection, { status: 'expired' });
    expect(await card()).toEqual({ connected: true, expired: true, events: ['Gym: Spin class'] });
  });

  it('documents itself with a stable operation id', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/dashboard/overview'].get;
    expect(op.operationId).toBe('dashboard.overview');
    expect(op.tags).toEqual(['dashboard']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(OVERVIEW_TEXT.fetchFailed).toBe('Failed to fetch data. Please try again.');
  });
});
