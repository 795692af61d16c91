import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarConnection } from '#common/api/calendar.js';
import { todayIn } from '#common/time.js';
import { createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS, userIdOf } from '../../test/harness.js';
import { startIcsFeed } from '../../test/icsFeed.js';
import * as repo from './repo.js';

/**
 * What the last reading of a connection could not read (`read_issues` in the connections answer):
 * stored per calendar by the refresh, summed per connection. Stored here through the repo, as a
 * refresh that skipped events would store it.
 */
let h: Harness;
afterEach(async () => h?.close());

const issues = (skipped: number, firstReason: string | null, unknownZones: string[]) =>
  JSON.stringify({ skipped, firstReason, unknownZones });

describe('read issues in the connections answer', () => {
  it('sums what the calendars of a connection could not read; null where everything was read', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const userId = await userIdOf(h, 'alice');
    const calendarValues = (name: string): repo.CalendarValues => ({
      remote_id: `https://example.com/${name}.ics`,
      summary: name,
      background_color: '#4285f4',
      foreground_color: '#ffffff',
      writable: 0,
      is_primary: 0,
    });
    const withIssues = await repo.insertConnection(h.ctx.db, userId, {
      provider: 'ics',
      label: 'Team',
      credentials: 'v1:unused',
    });
    const [first, second] = await repo.syncCalendarRows(h.ctx.db, userId, withIssues, [
      calendarValues('Team'),
      calendarValues('Rota'),
    ]);
    const clean = await repo.insertConnection(h.ctx.db, userId, {
      provider: 'ics',
      label: 'Holidays',
      credentials: 'v1:unused',
    });
    await repo.syncCalendarRows(h.ctx.db, userId, clean, [calendarValues('Holidays')]);
    const reason = 'An event has no start time (UID party-7)';
    await repo.setCalendarState(
      h.ctx.db,
      userId,
      (first as repo.CalendarRow).id,
      null,
      issues(2, reason, ['Foo Standard Time']),
    );
    await repo.setCalendarState(
      h.ctx.db,
      userId,
      (second as repo.CalendarRow).id,
      null,
      issues(1, 'A repeat rule could not be read', ['Foo Standard Time', 'Bar Time']),
    );

    const res = await c.request({ method: 'GET', url: '/api/calendar/connections' });
    expect(res.statusCode, res.body).toBe(200);
    const byLabel = Object.fromEntries(
      (res.json().connections as CalendarConnection[]).map((x) => [x.label, x.read_issues]),
    );
    expect(byLabel).toEqual({
      Team: { skipped: 3, first_reason: reason, unknown_zones: ['Foo Standard Time', 'Bar Time'] },
      Holidays: null,
    });

    // Another user sees none of it.
    const bob = await createUserAndSignIn(h, 'bob');
    expect((await bob.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toEqual([]);
  });

  it('keeps a subscription’s issues while its feed is unchanged; a reading that reads everything clears them', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'alice');
    const userId = await userIdOf(h, 'alice');
    const today = todayIn('UTC');
    const feed = await startIcsFeed([
      { uid: 'a', summary: 'Standup', start: `${today}T09:00:00Z`, end: `${today}T09:15:00Z` },
    ]);
    try {
      const { id } = await feed.subscribe(c, 'Team');
      const [row] = await repo.listCalendarRows(h.ctx.db, userId, id);
      const calendar = row as repo.CalendarRow;
      await repo.setCalendarState(h.ctx.db, userId, calendar.id, calendar.sync_state, issues(1, 'Unreadable date', []));
      const readIssues = async () =>
        (
          (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json()
            .connections as CalendarConnection[]
        )[0]?.read_issues;
      expect(await readIssues()).toEqual({ skipped: 1, first_reason: 'Unreadable date', unknown_zones: [] });

      // Refreshed with the feed unchanged: not read again, the issues stay.
      expect((await c.request({ method: 'POST', url: '/api/calendar/refresh' })).statusCode).toBe(200);
      expect(await readIssues()).toEqual({ skipped: 1, first_reason: 'Unreadable date', unknown_zones: [] });

      // The feed changed and was read whole without a problem.
      feed.set([{ uid: 'a', summary: 'Standup (moved)', start: `${today}T10:00:00Z`, end: `${today}T10:15:00Z` }]);
      expect((await c.request({ method: 'POST', url: '/api/calendar/refresh' })).statusCode).toBe(200);
      expect(await readIssues()).toBeNull();
    } finally {
      await feed.close();
    }
  });
});
