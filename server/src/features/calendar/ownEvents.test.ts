import { type DAVCalendar, fetchCalendarObjects } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent, SyncSettings } from '#common/api/calendar.js';
import { addDays, sundayOf } from '#common/time.js';
import { dayOverview } from '../../mcp/tools/today.js';
import { type SeededCalendar, seedRadicale } from '../../test/calendarSeed.js';
import {
  type Client,
  createHarness,
  createUserAndSignIn,
  type Harness,
  LOCAL_CALENDARS,
  userIdOf,
} from '../../test/harness.js';
import { connectCaldav, type Radicale, startRadicale } from '../../test/radicale.js';
import { setUserTimeZone } from '../../time/userZone.js';
import { buildOfflineReport } from '../coach/offlineReport.js';
import { loadCoachData } from '../coach/sources.js';
import { weekEvents } from '../weekly/calendarSource.js';
import { savePlan } from '../workout/plansRepo.js';

/**
 * Against a real CalDAV server: Daymark's own entries are told from meetings by the ids it gives
 * them (never by title), which meetings have a transcript is decided once on the server, and the
 * journal's entries go where, and under the title, the user chose.
 */
const ZONE = 'Europe/Paris';
const PASSWORD = 'carol-app-password-2k9x';
let radicale: Radicale;
let seed: SeededCalendar;
let h: Harness;

beforeAll(async () => {
  radicale = await startRadicale({ carol: PASSWORD });
  seed = await seedRadicale(radicale, 'carol', { zone: ZONE, email: 'carol@example.com' });
  // The user's own meeting, titled as Daymark titles its workouts.
  const day = seed.today.replace(/-/g, '');
  const next = addDays(seed.today, 1).replace(/-/g, '');
  await radicale.put(
    seed.personal,
    'team-run.ics',
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:team-run',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${day}`,
      `DTEND;VALUE=DATE:${next}`,
      'SUMMARY:Workout: Team run',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
    'carol',
  );
});
afterAll(async () => radicale?.stop());
afterEach(async () => h?.close());

async function connected(): Promise<Client> {
  const c = await createUserAndSignIn(h, 'carol');
  await setUserTimeZone(h.ctx.db, await userIdOf(h, c.username), ZONE);
  await connectCaldav(c, radicale, 'carol');
  return c;
}

const range = async (c: Client, from: string, to: string) => {
  const res = await c.request({ method: 'GET', url: `/api/calendar/events/range?startDate=${from}&endDate=${to}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarEvent[];
};

const settingsOf = async (c: Client) =>
  (await c.request({ method: 'GET', url: '/api/calendar/sync-settings' })).json() as SyncSettings;

async function saveSettings(c: Client, extra: Record<string, unknown>) {
  const current = await settingsOf(c);
  return c.request({
    method: 'PUT',
    url: '/api/calendar/sync-settings',
    payload: {
      auto_sync: current.auto_sync,
      sync_workouts: current.sync_workouts,
      sync_journal: current.sync_journal,
      selected_calendars: current.selected_calendars,
      ...extra,
    },
  });
}

async function syncWorkout(c: Client, date: string, title: string) {
  const userId = await userIdOf(h, c.username);
  const plan = { title, description: 'Intervals', estimated_duration: 30, equipment_needed: [], workout_sections: [] };
  const { row } = await savePlan(h.ctx.db, userId, {
    date,
    plan: JSON.stringify(plan),
    plan_uuid: `p-${date}`,
    focus: null,
    intensity: null,
    source: 'planner',
  });
  const res = await c.request({ method: 'POST', url: `/api/calendar/sync-workout/${row.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { calendar_id: string; calendar_name: string };
}

const auth = { authorization: `Basic ${Buffer.from(`carol:${PASSWORD}`).toString('base64')}` };
/** The summaries of what the CalDAV server holds in a calendar. */
async function onServer(url: string): Promise<string[]> {
  const objects = await fetchCalendarObjects({ calendar: { url } as DAVCalendar, headers: auth });
  return objects.flatMap((o) => /SUMMARY:([^\r\n]*)/.exec(String(o.data))?.[1] ?? []);
}

describe("Daymark's own calendar entries", () => {
  it('are marked by their ids, not their titles, and left out of every list of meetings', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const userId = await userIdOf(h, c.username);
    const written = await syncWorkout(c, seed.today, 'Hill sprints');
    // The toast's words: the calendar's own name.
    expect(['Work', 'Personal']).toContain(written.calendar_name);

    const today = await range(c, seed.today, seed.today);
    const ours = today.find((e) => e.summary === 'Workout: Hill sprints');
    const theirs = today.find((e) => e.summary === 'Workout: Team run');
    expect(ours?.daymark).toBe('workout');
    expect(theirs?.daymark).toBeNull();
    expect(today.find((e) => e.summary === 'Standup')?.daymark).toBeNull();

    // The briefing's schedule, the MCP day and the planning coach's week read meetings only.
    const data = await loadCoachData(h.ctx, { userId, today: seed.today });
    const briefing = buildOfflineReport('briefing', data, seed.today);
    const schedule = briefing.split('## Schedule')[1]?.split('\n## ')[0] ?? '';
    expect(schedule).toContain('Workout: Team run');
    expect(schedule).not.toContain('Hill sprints');
    const day = await dayOverview(h.ctx, userId, seed.today, ZONE);
    expect(day.events.map((e) => e.summary)).toContain('Workout: Team run');
    expect(day.events.map((e) => e.summary)).not.toContain('Workout: Hill sprints');
    const week = await weekEvents(h.ctx, userId, addDays(seed.today, -1));
    expect(week.map((e) => e.title)).toContain('Workout: Team run');
    expect(week.map((e) => e.title)).not.toContain('Workout: Hill sprints');

    // Reconnected, Daymark has no record of what it wrote: its own ids still tell.
    expect((await c.request({ method: 'DELETE', url: '/api/calendar/caldav' })).statusCode).toBe(200);
    await connectCaldav(c, radicale, 'carol');
    const reread = await range(c, seed.today, seed.today);
    expect(reread.find((e) => e.summary === 'Workout: Hill sprints')?.daymark).toBe('workout');
    expect(reread.find((e) => e.summary === 'Workout: Team run')?.daymark).toBeNull();
  });
});

describe('which meetings have a transcript', () => {
  it('is decided once on the server: the calendar, the briefing, the MCP day and the statistics agree', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const userId = await userIdOf(h, c.username);
    const standup = (await range(c, seed.today, seed.today)).find((e) => e.summary === 'Standup') as CalendarEvent;
    expect(standup.transcript_id).toBeNull();
    const before = buildOfflineReport(
      'briefing',
      await loadCoachData(h.ctx, { userId, today: seed.today }),
      seed.today,
    );
    expect(before).toMatch(/## Meetings Without Transcripts\n\n(- .*\n)*- 08:00 Standup/);

    // '+ Transcript' on the event, twice (the meeting written up in two parts).
    const save = async (title: string) => {
      const res = await c.request({
        method: 'POST',
        url: '/api/transcripts',
        payload: {
          title,
          content: 'We agreed on the release date.',
          date: seed.today,
          transcript_type: 'scheduled',
          google_event_id: standup.id,
          google_event_etag: standup.etag,
          event_start: standup.start.dateTime,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    await save('Standup, part 1');
    const second = await save('Standup, part 2');

    const after = (await range(c, seed.today, seed.today)).find((e) => e.id === standup.id);
    expect(after?.transcript_id).toBe(second);
    const lunch = (await range(c, seed.today, seed.today)).find((e) => e.summary === 'Lunch with Sam');
    expect(lunch?.transcript_id).toBeNull();

    const briefing = buildOfflineReport(
      'briefing',
      await loadCoachData(h.ctx, { userId, today: seed.today }),
      seed.today,
    );
    const missing = briefing.split('## Meetings Without Transcripts')[1]?.split('\n## ')[0] ?? '';
    expect(missing).toContain('Lunch with Sam');
    expect(missing).not.toContain('Standup');

    const day = await dayOverview(h.ctx, userId, seed.today, ZONE);
    expect(day.events.find((e) => e.id === standup.id)?.has_transcript).toBe(true);
    expect(day.events.find((e) => e.summary === 'Lunch with Sam')?.has_transcript).toBe(false);

    // One meeting with two transcripts, and an impromptu one: two meetings with transcripts.
    const impromptu = await c.request({
      method: 'POST',
      url: '/api/transcripts',
      payload: { title: 'Hallway chat', content: 'Quick sync.', date: seed.today },
    });
    expect(impromptu.statusCode, impromptu.body).toBe(201);
    const stats = (await c.request({ method: 'GET', url: '/api/stats?range=4w' })).json() as {
      weeks: Array<{ start: string; meetings: number }>;
    };
    expect(stats.weeks.find((w) => w.start === sundayOf(seed.today))?.meetings).toBe(2);

    // Another user's transcript of an event with the same id marks nothing of this user's.
    await h.ctx.db.deleteFrom('transcripts').where('user_id', '=', userId).execute();
    const other = await createUserAndSignIn(h, 'mallory');
    const foreign = await other.request({
      method: 'POST',
      url: '/api/transcripts',
      payload: { title: 'Standup', content: 'x', date: seed.today, google_event_id: standup.id },
    });
    expect(foreign.statusCode).toBe(201);
    expect((await range(c, seed.today, seed.today)).find((e) => e.id === standup.id)?.transcript_id).toBeNull();
  });
});

describe('the journal in the calendar', () => {
  it('is titled plainly "Journal" unless the goal is chosen, and goes to the calendar chosen for it', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const calendars = (await c.request({ method: 'GET', url: '/api/calendar/calendars' })).json() as Array<{
      id: string;
      summary: string;
    }>;
    const byName = (name: string) => calendars.find((x) => x.summary === name) as { id: string; summary: string };

    // Defaults: sync on keeps the private title; the journal goes where workouts go.
    expect((await saveSettings(c, { sync_journal: true })).statusCode).toBe(200);
    const settings = await settingsOf(c);
    expect(settings).toMatchObject({ sync_journal: true, journal_title: 'journal', journal_calendar: null });
    expect(settings.targets.journal).toEqual(settings.targets.workouts);
    const first = settings.targets.workouts as { id: string; summary: string };
    const other = byName(first.summary === 'Work' ? 'Personal' : 'Work');

    const date = addDays(seed.today, -3);
    const save = async (content: string) => {
      const res = await c.request({ method: 'POST', url: `/api/notes/daily/${date}`, payload: { content } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save('## Goals for the Day\n- Tell Sam about the new job\n\n## Journal\nNervous.\n');
    const url = (name: string) => (name === 'Work' ? seed.work : seed.personal);
    expect(await onServer(url(first.summary))).toContain('Journal');
    expect((await onServer(url(first.summary))).join('\n')).not.toContain('new job');

    // The goal in the title, when chosen.
    expect((await saveSettings(c, { journal_title: 'goal' })).statusCode).toBe(200);
    await save('## Goals for the Day\n- Tell Sam about the new job\n\n## Journal\nNervous, then fine.\n');
    expect(await onServer(url(first.summary))).toContain('Journal: Tell Sam about the new job');

    // Another calendar for the journal: the day is written there; workouts stay where they were.
    const bad = await saveSettings(c, { journal_calendar: 'caldav:http://elsewhere/' });
    expect(bad.statusCode).toBe(400);
    expect((await settingsOf(c)).journal_calendar).toBeNull();
    const moved = await saveSettings(c, { journal_calendar: other.id, journal_title: 'journal' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as SyncSettings).targets).toEqual({
      workouts: first,
      journal: { id: other.id, summary: other.summary },
    });
    await save('## Goals for the Day\n- Tell Sam about the new job\n\n## Journal\nDone.\n');
    expect(await onServer(url(other.summary))).toContain('Journal');
    const entry = (await range(c, date, date)).filter((e) => e.daymark === 'journal');
    expect(entry.map((e) => [e.calendar.summary, e.summary])).toContainEqual([other.summary, 'Journal']);
    // Saving settings without the journal's fields keeps them.
    expect((await saveSettings(c, { journal_calendar: undefined, journal_title: undefined })).statusCode).toBe(200);
    expect(await settingsOf(c)).toMatchObject({ journal_calendar: other.id, journal_title: 'journal' });
  });
});
