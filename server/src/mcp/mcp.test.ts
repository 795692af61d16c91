import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRAINING_RULE } from '#common/api/training.js';
import { addDays, startOfDayIn } from '#common/time.js';
import { currentWeek } from '#common/weekRules.js';
import { createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS, userIdOf } from '../test/harness.js';
import { startIcsFeed } from '../test/icsFeed.js';
import { plannableWeek } from '../test/weeks.js';
import { setUserTimeZone } from '../time/userZone.js';
import { connectMcp, createKey, listen } from './testing.js';
import { todayIn } from './time.js';

let h: Harness;
let clients: Client[] = [];
afterEach(async () => {
  for (const c of clients) await c.close();
  clients = [];
  await h?.close();
});

const READ_TOOLS = [
  'calendar_events',
  'calendar_free_slots',
  'journal_get_daily_note',
  'search',
  'today',
  'todos_list',
  'training_week',
  'transcript_get',
  'transcripts_list',
  'weekly_plan_get',
  'workout_history',
  'workout_today',
];
const WRITE_TOOLS = [
  'journal_append_today',
  'todos_add',
  'todos_complete',
  'todos_reopen',
  'training_session_move',
  'training_session_skip',
  'transcript_create',
  'weekly_plan_set_goals',
  'workout_generate',
  'workout_log',
];

async function setup(scope: 'read' | 'read_write' = 'read_write', env: Record<string, string> = {}) {
  h = await createHarness({ env });
  const rest = await createUserAndSignIn(h, 'alice');
  const url = await listen(h);
  const { key } = await createKey(rest, { scope });
  const mcp = await connectMcp(url, key);
  clients.push(mcp);
  return { rest, url, key, mcp };
}

async function call(mcp: Client, name: string, args: Record<string, unknown> = {}) {
  const res = await mcp.callTool({ name, arguments: args });
  expect(res.isError, `${name}: ${JSON.stringify(res.content)}`).toBeFalsy();
  const text = (res.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
  expect(text.length).toBeGreaterThan(0);
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own tool.
  return res.structuredContent as any;
}

describe('MCP server', () => {
  it('initializes and offers every tool to a read-write key, only read tools to a read key', async () => {
    const { mcp, rest, url } = await setup();
    expect(mcp.getServerVersion()?.name).toBe('daymark');
    expect(mcp.getInstructions()).toContain('today');
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const t of tools) {
      expect(t.description?.length, t.name).toBeGreaterThan(40);
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.annotations?.readOnlyHint, t.name).toBe(READ_TOOLS.includes(t.name));
      if (READ_TOOLS.includes(t.name)) expect(t.annotations?.destructiveHint, t.name).toBe(false);
    }
    expect(tools.find((t) => t.name === 'workout_log')?.annotations?.destructiveHint).toBe(true);
    expect(tools.find((t) => t.name === 'todos_add')?.annotations?.destructiveHint).toBe(false);

    const readKey = await createKey(rest, { scope: 'read' });
    const reader = await connectMcp(url, readKey.key, 'bearer');
    clients.push(reader);
    expect((await reader.listTools()).tools.map((t) => t.name).sort()).toEqual(READ_TOOLS);
    // A write attempt with a read key is refused and changes nothing.
    const attempt = await reader
      .callTool({ name: 'todos_add', arguments: { items: ['sneaky'] } })
      .catch((e: Error) => e);
    expect(attempt instanceof Error || (attempt as { isError?: boolean }).isError).toBe(true);
    expect((await rest.request({ method: 'GET', url: '/api/todos' })).json()).toEqual([]);

    const { resources } = await mcp.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['daymark://journal/today', 'daymark://weekly-plan/current']);
    const { prompts } = await mcp.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['daily_briefing', 'weekly_review']);
  });

  it('runs every tool as the key owner, with effects visible through the REST API', async () => {
    const { mcp, rest } = await setup();
    const today = todayIn('UTC');

    // Todos: add several, complete, reopen, list.
    const added = await call(mcp, 'todos_add', { items: ['Book dentist', '  Call Sam  '] });
    expect(added.added.map((t: { content: string }) => t.content)).toEqual(['Book dentist', 'Call Sam']);
    const restTodos = (await rest.request({ method: 'GET', url: '/api/todos' })).json();
    expect(restTodos.map((t: { content: string }) => t.content)).toEqual(['Book dentist', 'Call Sam']);
    const [dentist] = added.added;
    expect((await call(mcp, 'todos_complete', { id: dentist.id })).todo.completed).toBe(true);
    expect((await rest.request({ method: 'GET', url: '/api/todos?completed=true' })).json()).toHaveLength(1);
    expect((await call(mcp, 'todos_list', { status: 'done' })).todos.map((t: { id: number }) => t.id)).toEqual([
      dentist.id,
    ]);
    // The done history pages: newest completion first.
    const sam = added.added[1];
    await call(mcp, 'todos_complete', { id: sam.id });
    const page = async (offset: number) =>
      (await call(mcp, 'todos_list', { status: 'done', limit: 1, offset })).todos.map((t: { id: number }) => t.id);
    expect([...(await page(0)), ...(await page(1)), ...(await page(2))]).toEqual([sam.id, dentist.id]);
    await call(mcp, 'todos_reopen', { id: sam.id });
    expect((await call(mcp, 'todos_reopen', { id: dentist.id })).todo.completed).toBe(false);
    expect((await call(mcp, 'todos_list')).todos).toHaveLength(2);
    expect((await call(mcp, 'todos_list', { status: 'overdue' })).todos).toEqual([]);
    const invalid = await mcp.callTool({ name: 'todos_add', arguments: { items: ['   '] } });
    expect(invalid.isError).toBe(true);

    // Journal: append to today's note, read it back through REST.
    await call(mcp, 'journal_append_today', { section: 'goals', text: '- Ship the release' });
    const note = await call(mcp, 'journal_append_today', { section: 'journal', text: 'Good focus today.' });
    expect(note.content).toContain('Ship the release');
    const restNote = (await rest.request({ method: 'GET', url: `/api/notes/daily/${today}` })).json();
    expect(restNote.content).toBe(note.content);
    expect(restNote.content).toContain('## Daily Journal\nGood focus today.');
    expect((await call(mcp, 'journal_get_daily_note', { date: today })).content).toBe(note.content);
    expect((await call(mcp, 'journal_get_daily_note', { date: '2020-01-01' })).exists).toBe(false);

    // Weekly plan goals, of the week planned now (on a Sunday the next one: the week holding it has ended).
    const week = plannableWeek();
    expect((await call(mcp, 'weekly_plan_get', { date: week })).exists).toBe(false);
    const plan = await call(mcp, 'weekly_plan_set_goals', { goals: ['Run 3 times', 'Finish chapter 2'], date: week });
    expect(plan).toMatchObject({ exists: true, goals: ['Run 3 times', 'Finish chapter 2'] });
    const weekly = (await rest.request({ method: 'GET', url: '/api/personal-journal?type=weekly_planning' })).json();
    // Stored in the editor's three slots.
    expect(weekly[0].structured_data.meta_goals).toEqual(['Run 3 times', 'Finish chapter 2', '']);
    expect(weekly[0].date).toBe(plan.week_start);
    await call(mcp, 'weekly_plan_set_goals', { goals: ['Rest'], date: week });
    expect((await call(mcp, 'weekly_plan_get', { date: week })).goals).toEqual(['Rest']);

    // Workouts: generate offline, log, today, history.
    expect((await call(mcp, 'workout_today')).plan).toBeNull();
    const gen = await call(mcp, 'workout_generate', { instructions: 'short, legs' });
    expect(gen.plan.date).toBe(today);
    const restPlan = (await rest.request({ method: 'GET', url: '/api/workout/next' })).json();
    expect(restPlan.plan.id).toBe(gen.plan.id);
    const logged = await call(mcp, 'workout_log', { entry: 'Did the legs session' });
    expect(logged.log).toMatchObject({ date: today, entry: 'Did the legs session', workout_skipped: false });
    const restLogs = (await rest.request({ method: 'GET', url: `/api/workout-log?date=${today}` })).json();
    expect(restLogs.logs[0].entry).toBe('Did the legs session');
    const w = await call(mcp, 'workout_today');
    expect(w.plan.title).toBe(gen.plan.title);
    expect(w.log.entry).toBe('Did the legs session');
    const hist = await call(mcp, 'workout_history', { limit: 5 });
    expect(hist.logs).toHaveLength(1);
    expect(hist.plans).toHaveLength(1);
    expect(hist.plans[0].title).toBe(gen.plan.title);
    const further = await call(mcp, 'workout_history', { limit: 5, offset: 1 });
    expect([further.logs, further.plans]).toEqual([[], []]);
    // An activity imported from a watch file is in the history too, with its figures and device.
    const fit = fs.readFileSync(path.join(import.meta.dirname, '../features/activities/fixtures/coros-pace2-run.fit'));
    const imported = await rest.request({
      method: 'POST',
      url: '/api/activities/import?name=run.fit',
      headers: { 'content-type': 'application/octet-stream' },
      payload: fit,
    });
    expect(imported.statusCode).toBe(200);
    const withActivity = await call(mcp, 'workout_history', { limit: 5 });
    expect(withActivity.activities).toHaveLength(1);
    expect(withActivity.activities[0]).toMatchObject({ sport: 'running', device: 'COROS PACE 2', format: 'fit' });
    expect(withActivity.activities[0].distance_m).toBeGreaterThan(9000);

    // Today: one call with everything (the goals of the week holding today: none on a Sunday).
    const currentGoals = week === currentWeek('UTC') ? ['Rest'] : [];
    const overview = await call(mcp, 'today');
    expect(overview).toMatchObject({
      date: today,
      time_zone: 'UTC',
      goal: 'Ship the release',
      week_goals: currentGoals,
      workout: { planned: true, title: gen.plan.title, logged: true, skipped: false },
      calendar_connected: false,
      events: [],
      journal: { exists: true },
    });
    expect(overview.open_todos.map((t: { content: string }) => t.content)).toEqual(['Book dentist', 'Call Sam']);

    // Search uses the same index as GET /api/search.
    const found = await call(mcp, 'search', { query: 'dentist' });
    expect(found.results).toEqual([expect.objectContaining({ type: 'todo', id: dentist.id })]);
    expect(found.results[0].snippet).toContain('**');

    // Resources and prompts assemble the same data.
    const res = await mcp.readResource({ uri: 'daymark://journal/today' });
    expect((res.contents[0] as { text: string }).text).toBe(note.content);
    // The current week's plan: the one just set, except on a Sunday (that week has ended, unplanned).
    const current = await mcp.readResource({ uri: 'daymark://weekly-plan/current' });
    expect(JSON.parse((current.contents[0] as { text: string }).text)).toMatchObject({
      exists: currentGoals.length > 0,
      goals: currentGoals,
    });
    const briefing = await mcp.getPrompt({ name: 'daily_briefing' });
    const briefingText = JSON.stringify(briefing.messages);
    expect(briefingText).toContain('Ship the release');
    expect(briefingText).toContain('Book dentist');
    const review = await mcp.getPrompt({ name: 'weekly_review' });
    expect(JSON.stringify(review.messages)).toContain('Did the legs session');
  });

  it("answers not found for another user's ids and never searches another user's text", async () => {
    const { mcp } = await setup();
    const bob = await createUserAndSignIn(h, 'bob');
    const bobTodo = (
      await bob.request({ method: 'POST', url: '/api/todos', payload: { content: 'bob private plan' } })
    ).json();
    await bob.request({
      method: 'POST',
      url: '/api/personal-journal',
      payload: { journal_type: 'note', date: '2026-01-01', content: 'bob private diary' },
    });
    for (const name of ['todos_complete', 'todos_reopen']) {
      const res = await mcp.callTool({ name, arguments: { id: bobTodo.id } });
      expect(res.isError).toBe(true);
      expect((res.content as Array<{ text: string }>)[0]?.text).toBe('Todo not found');
    }
    expect((await bob.request({ method: 'GET', url: '/api/todos' })).json()[0].completed).toBe(false);
    expect((await call(mcp, 'search', { query: 'private' })).results).toEqual([]);
    expect((await call(mcp, 'todos_list', { status: 'recent' })).todos).toEqual([]);
  });

  it("reads the training week, moves and skips its sessions, and refuses another user's session", async () => {
    const { rest, mcp } = await setup();
    const rule = {
      ...DEFAULT_TRAINING_RULE,
      enabled: true,
      sessions_per_week: 2,
      windows: [{ start: '07:00', end: '08:00' }],
    };
    expect((await rest.request({ method: 'PUT', url: '/api/training/rule', payload: rule })).statusCode).toBe(200);
    const nextMonday = addDays(currentWeek('UTC'), 7);
    const week = await call(mcp, 'training_week', { date: nextMonday });
    expect(week.sessions.map((s: { start_time: string }) => s.start_time)).toEqual(['07:00', '07:00']);
    const [first, second] = week.sessions as Array<{ id: number; date: string }>;
    const moved = await call(mcp, 'training_session_move', {
      id: first?.id,
      date: first?.date,
      start_time: '07:20',
      minutes: 25,
    });
    expect(moved.session).toMatchObject({ start_time: '07:20', end_time: '07:45', placed_by: 'user' });
    const skipped = await call(mcp, 'training_session_skip', { id: second?.id });
    expect(skipped.session.status).toBe('skipped');
    const restWeek = (await rest.request({ method: 'GET', url: `/api/training/week?date=${nextMonday}` })).json();
    expect(restWeek.sessions.map((s: { status: string }) => s.status)).toEqual(['planned', 'skipped']);

    const bob = await createUserAndSignIn(h, 'bob');
    await bob.request({ method: 'PUT', url: '/api/training/rule', payload: rule });
    const bobWeek = (await bob.request({ method: 'GET', url: `/api/training/week?date=${nextMonday}` })).json();
    const res = await mcp.callTool({ name: 'training_session_skip', arguments: { id: bobWeek.sessions[0].id } });
    expect(res.isError).toBe(true);
    expect((res.content as Array<{ text: string }>)[0]?.text).toBe('Training session not found');
    const after = (await bob.request({ method: 'GET', url: `/api/training/week?date=${nextMonday}` })).json();
    expect(after.sessions[0].status).toBe('planned');
  });

  it("takes today from the user's time zone", async () => {
    const { mcp } = await setup();
    // Fourteen hours ahead of UTC: most of the time its date differs from the UTC date.
    await setUserTimeZone(h.ctx.db, await userIdOf(h, 'alice'), 'Pacific/Kiritimati');
    const zoned = todayIn('Pacific/Kiritimati');
    expect(await call(mcp, 'today')).toMatchObject({ date: zoned, time_zone: 'Pacific/Kiritimati' });
    expect((await call(mcp, 'journal_append_today', { section: 'journal', text: 'Island day' })).date).toBe(zoned);
    expect((await call(mcp, 'workout_log', { entry: 'Swim' })).log.date).toBe(zoned);
  });

  it('reads the calendar and free time, and saves transcripts attached to events', async () => {
    const { mcp, rest } = await setup('read_write', LOCAL_CALENDARS);
    const noCalendar = await call(mcp, 'calendar_events');
    expect(noCalendar).toMatchObject({ connected: false, events: [] });
    expect((await call(mcp, 'calendar_free_slots')).connected).toBe(false);

    const zone = 'Europe/Berlin';
    await rest.request({ method: 'PUT', url: '/api/settings', payload: { timezone: zone } });
    const today = todayIn(zone);
    const tomorrow = addDays(today, 1);
    const at = (date: string, hour: number) =>
      new Date(Date.parse(startOfDayIn(date, zone)) + hour * 3600_000).toISOString();
    const feed = await startIcsFeed([
      { uid: 'review', summary: 'Design review', start: at(tomorrow, 10), end: at(tomorrow, 11), location: 'Room 4' },
      { uid: 'trip', summary: 'Conference', date: addDays(today, 2), description: 'Keynote day' },
      { uid: 'far', summary: 'Far away', start: at(addDays(today, 30), 9), end: at(addDays(today, 30), 10) },
    ]);
    try {
      await feed.subscribe(rest, 'Work');
      const week = await call(mcp, 'calendar_events');
      expect(week).toMatchObject({ connected: true, start_date: today, end_date: addDays(today, 6) });
      expect(week.events.map((e: { summary: string }) => e.summary)).toEqual(['Design review', 'Conference']);
      const review = week.events[0];
      expect(review).toMatchObject({ all_day: false, location: 'Room 4', calendar: 'Work', has_transcript: false });
      // The user's offset, not UTC: 10:00 local.
      expect(review.start).toMatch(new RegExp(`^${tomorrow}T10:00:00\\+0[12]:00$`));
      expect(week.events[1]).toMatchObject({ all_day: true, start: addDays(today, 2), description: 'Keynote day' });

      const tooLong = await mcp.callTool({
        name: 'calendar_events',
        arguments: { start_date: today, end_date: addDays(today, 90) },
      });
      expect(tooLong.isError).toBe(true);
      expect((tooLong.content as Array<{ text: string }>)[0]?.text).toBe('The range may span at most 62 days');

      // Tomorrow's free time is split around the 10:00–11:00 review, inside 07:00–21:00.
      const free = await call(mcp, 'calendar_free_slots', { days: 2, min_minutes: 60 });
      const tomorrowSlots = free.slots.filter((s: { start: string }) => s.start.startsWith(tomorrow));
      expect(
        tomorrowSlots.map((s: { start: string; end: string }) => `${s.start.slice(11, 16)}-${s.end.slice(11, 16)}`),
      ).toEqual(['07:00-10:00', '11:00-21:00']);

      // A transcript attached to the event: title and date from the event, then marked on it.
      const saved = await call(mcp, 'transcript_create', {
        content: 'Alice: we ship on Friday.\nBob: I will update the docs.',
        event_id: review.id,
        event_date: tomorrow,
      });
      expect(saved.transcript).toMatchObject({ title: 'Design review', date: tomorrow, transcript_type: 'scheduled' });
      const rested = (await rest.request({ method: 'GET', url: `/api/transcripts/date/${tomorrow}` })).json();
      expect(rested).toEqual([expect.objectContaining({ id: saved.transcript.id, google_event_id: review.id })]);
      expect((await call(mcp, 'calendar_events')).events[0].has_transcript).toBe(true);
      const missing = await mcp.callTool({ name: 'transcript_create', arguments: { content: 'x', event_id: 'nope' } });
      expect(missing.isError).toBe(true);

      const impromptu = await call(mcp, 'transcript_create', { title: 'Hallway chat', content: 'x'.repeat(120_000) });
      expect(impromptu.transcript).toMatchObject({ date: today, transcript_type: 'impromptu', characters: 120_000 });
      const listed = await call(mcp, 'transcripts_list', { start_date: today, end_date: tomorrow });
      expect(listed.transcripts.map((t: { title: string }) => t.title)).toEqual(['Hallway chat', 'Design review']);
      expect(listed.next_offset).toBeNull();
      // A page at a time: next_offset leads to the next one, null on the last.
      const paged = { start_date: today, end_date: tomorrow, limit: 1 };
      const page1 = await mcp.callTool({ name: 'transcripts_list', arguments: paged });
      expect(page1.structuredContent).toMatchObject({ transcripts: [{ title: 'Hallway chat' }], next_offset: 1 });
      expect((page1.content as Array<{ text: string }>)[0]?.text).toMatch(/\[more: offset 1\]$/);
      const page2 = await call(mcp, 'transcripts_list', { ...paged, offset: 1 });
      expect(page2).toMatchObject({ transcripts: [{ title: 'Design review' }], next_offset: null });
      expect((await call(mcp, 'transcripts_list', { ...paged, offset: 2 })).transcripts).toEqual([]);
      // Long texts come in parts.
      const part1 = await call(mcp, 'transcript_get', { id: impromptu.transcript.id });
      expect(part1.text).toHaveLength(50_000);
      expect(part1.next_offset).toBe(50_000);
      const part3 = await call(mcp, 'transcript_get', { id: impromptu.transcript.id, offset: 100_000 });
      expect(part3).toMatchObject({ offset: 100_000, next_offset: null });
      expect(part3.text).toHaveLength(20_000);

      // Another user's transcript is not found.
      const bob = await createUserAndSignIn(h, 'bob');
      const bobs = (
        await bob.request({
          method: 'POST',
          url: '/api/transcripts',
          payload: { title: 'Private', content: 'secret', date: today },
        })
      ).json();
      const other = await mcp.callTool({ name: 'transcript_get', arguments: { id: bobs.id } });
      expect(other.isError).toBe(true);
      expect((other.content as Array<{ text: string }>)[0]?.text).toBe('Transcript not found');
    } finally {
      await feed.close();
    }
  });
});
