import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEventList } from '#common/api/calendar.js';
import { addDays, todayIn } from '#common/time.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { eventsInRange, eventsInRangeJson, type RangeQuery } from './service.js';
import { saveSyncSettings } from './settingsRepo.js';

/**
 * A range read answers JSON text built from events written once and reused
 * (`eventsInRangeJson`); it must be exactly what presenting the same rows and serialising them
 * with the response schema writes (`eventsInRange`), whatever changed in between.
 */
let h: Harness;
const today = todayIn('UTC');
const users: Record<string, number> = {};
const calendars: Record<string, number> = {};
const writeList = compileResponseSerializer(calendarEventList);

const details = (summary: string, extra: object = {}) =>
  JSON.stringify({
    etag: null,
    recurringEventId: null,
    summary,
    description: 'Agenda',
    location: null,
    attendees: [{ email: 'a@example.com', responseStatus: 'accepted' }],
    organizer: null,
    declined: false,
    htmlLink: null,
    ...extra,
  });

async function seedUser(name: string) {
  await createUserAndSignIn(h, name);
  const id = await userIdOf(h, name);
  users[name] = id;
  const now = new Date().toISOString();
  const conn = await h.ctx.db
    .insertInto('calendar_connections')
    .values({
      user_id: id,
      provider: 'ics',
      label: 'Feeds',
      credentials: 'v1:unused',
      status: 'connected',
      last_sync_time: now,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const cal of ['team', 'holidays']) {
    const row = await h.ctx.db
      .insertInto('calendar_calendars')
      .values({
        user_id: id,
        connection_id: conn.id,
        remote_id: `https://example.com/${cal}.ics`,
        summary: cal,
        background_color: '#4285f4',
        foreground_color: '#ffffff',
        writable: 0,
        is_primary: 0,
        sync_state: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    calendars[`${name}/${cal}`] = row.id;
  }
}

async function addEvent(user: string, cal: string, eventId: string, at: string | { date: string }, data: string) {
  const timed = typeof at === 'string';
  await h.ctx.db
    .insertInto('calendar_events')
    .values({
      user_id: users[user] as number,
      calendar_row_id: calendars[`${user}/${cal}`] as number,
      event_id: eventId,
      start_at: timed ? at : null,
      end_at: timed ? new Date(Date.parse(at) + 45 * 60_000).toISOString() : null,
      start_date: timed ? null : at.date,
      end_date: timed ? null : addDays(at.date, 1),
      data,
    })
    .execute();
}

const ALL_ADA = [...Array.from({ length: 12 }, (_, i) => `e${i}`), 'e3', 'h1', 'x1'].sort();

const range = (zone: string, maxResults = 2500): RangeQuery => ({
  fromDate: today,
  toDate: addDays(today, 6),
  maxResults,
  zone,
});

async function expectSame(user: string, q: RangeQuery) {
  const id = users[user] as number;
  const json = (await eventsInRangeJson(h.ctx, id, q)).toString('utf8');
  const presented = writeList(await eventsInRange(h.ctx, id, q));
  expect(json).toBe(presented);
  return JSON.parse(json) as Array<{
    id: string;
    summary: string;
    start: { dateTime?: string; date?: string };
    calendar: { summary: string; backgroundColor: string };
  }>;
}

beforeAll(async () => {
  h = await createHarness();
  await seedUser('ada');
  await seedUser('bob');
  for (let i = 0; i < 12; i++)
    await addEvent(
      'ada',
      'team',
      `e${i}`,
      `${addDays(today, i % 7)}T${String(6 + i).padStart(2, '0')}:30:00.000Z`,
      details(`Meeting ${i}`),
    );
  await addEvent('ada', 'holidays', 'h1', { date: addDays(today, 2) }, details('Holiday'));
  // The same event id in both calendars, and in the same calendar of another user, at the same
  // time but with other details.
  await addEvent('ada', 'holidays', 'e3', `${addDays(today, 3)}T23:30:00.000Z`, details('Late call'));
  await addEvent('bob', 'holidays', 'e3', `${addDays(today, 3)}T23:30:00.000Z`, details('Bob’s own'));
  // Fields the response does not declare are never written.
  await addEvent('ada', 'team', 'x1', `${addDays(today, 4)}T12:00:00.000Z`, details('Extra', { secretNote: 'hidden' }));
});
afterAll(async () => h.close());

describe('a range read written from reused event texts', () => {
  it('equals the presented events in every zone, order and limit, read after read', async () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati', 'UTC']) {
      const first = await expectSame('ada', range(zone));
      if (zone === 'UTC') expect(first.map((e) => e.id).sort()).toEqual(ALL_ADA);
      expect(await expectSame('ada', range(zone))).toEqual(first);
      expect(await expectSame('ada', range(zone, 5))).toEqual(first.slice(0, 5));
    }
    const events = await expectSame('ada', range('UTC'));
    expect(events.filter((e) => e.id === 'e3').map((e) => e.summary)).toEqual(['Meeting 3', 'Late call']);
    expect(JSON.stringify(events)).not.toContain('hidden');
    expect(events.find((e) => e.id === 'h1')?.start).toEqual({ date: addDays(today, 2) });
  });

  it('never shows one user another’s event of the same id', async () => {
    await expectSame('ada', range('UTC'));
    const bobs = await expectSame('bob', range('UTC'));
    expect(bobs.map((e) => e.summary)).toEqual(['Bob’s own']);
    const adas = await expectSame('ada', range('UTC'));
    expect(adas.map((e) => e.summary)).not.toContain('Bob’s own');
  });

  it('writes an event again when its details, time or calendar change', async () => {
    await expectSame('ada', range('Europe/Paris'));
    const ada = users.ada as number;
    // Kept texts are checked by row id alone, so a row is never changed in place: the database
    // refuses it, and a sync replaces the row (`replaceEvents`, `applyEventDelta`) as here.
    await expect(
      h.ctx.db
        .updateTable('calendar_events')
        .set({ data: details('Stale') })
        .where('user_id', '=', ada)
        .execute(),
    ).rejects.toThrow('calendar events are replaced, never updated');
    const replaceE0 = async (summary: string) => {
      await h.ctx.db.deleteFrom('calendar_events').where('user_id', '=', ada).where('event_id', '=', 'e0').execute();
      await addEvent('ada', 'team', 'e0', `${addDays(today, 5)}T09:00:00.000Z`, details(summary));
    };
    const summaryOfE0 = async () =>
      (await expectSame('ada', range('Europe/Paris'))).find((e) => e.id === 'e0')?.summary;
    await replaceE0('Moved and renamed once');
    expect(await summaryOfE0()).toBe('Moved and renamed once');
    // Details alone, the time unchanged: a new row all the same.
    await replaceE0('Renamed once more');
    expect(await summaryOfE0()).toBe('Renamed once more');
    await replaceE0('Moved and renamed');
    // Read and kept as it is now, so that the calendar's change below is the only one.
    await expectSame('ada', range('Europe/Paris'));
    await h.ctx.db
      .updateTable('calendar_calendars')
      .set({ summary: 'Team (renamed)', background_color: '#000000' })
      .where('id', '=', calendars['ada/team'] as number)
      .execute();
    const after = await expectSame('ada', range('Europe/Paris'));
    const moved = after.find((e) => e.id === 'e0');
    expect(moved?.summary).toBe('Moved and renamed');
    expect(moved?.start.dateTime).toBe(parisNineUtc(addDays(today, 5)));
    const names = new Set(after.map((e) => `${e.calendar.summary} ${e.calendar.backgroundColor}`));
    expect(names).toEqual(new Set(['Team (renamed) #000000', 'holidays #4285f4']));
  });
});

describe('a range answer kept whole', () => {
  it('follows which calendars are selected, changed behind it', async () => {
    const select = (ids: string[]) =>
      saveSyncSettings(h.ctx.db, users.bob as number, {
        auto_sync: 0,
        sync_workouts: 0,
        sync_journal: 0,
        selected_calendars: JSON.stringify(ids),
      });
    await addEvent('bob', 'team', 't1', `${addDays(today, 1)}T10:00:00.000Z`, details('Team sync'));
    const summaries = async () => (await expectSame('bob', range('UTC'))).map((e) => e.summary);
    expect(await summaries()).toEqual(['Team sync', 'Bob’s own']);
    await select(['ics:https://example.com/team.ics']);
    expect(await summaries()).toEqual(['Team sync']);
    await select(['ics:https://example.com/holidays.ics']);
    expect(await summaries()).toEqual(['Bob’s own']);
    await select([]);
    expect(await summaries()).toEqual(['Team sync', 'Bob’s own']);
  });
});

/** 09:00 UTC on a day, written in Paris' zone (10:00+01:00 in winter, 11:00+02:00 in summer). */
function parisNineUtc(date: string) {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).format(
    new Date(`${date}T09:00:00Z`),
  );
  return `${date}T${hour}:00:00${hour === '10' ? '+01:00' : '+02:00'}`;
}
