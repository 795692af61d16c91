import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '#common/time.js';
import { WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { nextWeekOf } from '#common/weekRules.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { plannableWeek } from '../../test/weeks.js';
import { saveEntry } from '../journal/repo.js';
import { loadReflections } from './reflections.js';
import * as service from './service.js';

let h: Harness;
afterEach(async () => h?.close());

const PAST = '2026-03-02';

const plan = (over: Record<string, unknown> = {}) => ({
  weekly_review: 'Shipped the beta',
  meta_goals: ['Write the launch post', '', ''],
  constraints: 'Offsite on Thursday',
  brain_dump: 'taxes, dentist',
  weekly_intention: 'Calm focus',
  content: '',
  ...over,
});
const save = (c: Client, date: string, body: object) =>
  c.request({ method: 'PUT', url: `/api/weekly/${date}`, payload: body });
const get = (c: Client, url: string) => c.request({ method: 'GET', url });

/** A plan stored while its week was open (the API refuses past weeks now). */
async function storePastPlan(username: string, date: string, data: object) {
  return saveEntry(h.ctx.db, await userIdOf(h, username), {
    date,
    journal_type: 'weekly_planning',
    content: 'Weekly planning entry',
    structured_data: data as Record<string, unknown>,
    now: nowIso(),
  });
}

describe('weekly plan', () => {
  it('saves the week of any date under its Monday and reads it back with the week rules', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    const empty = (await get(c, `/api/weekly/${addDays(monday, 2)}`)).json();
    expect(empty).toMatchObject({ exists: false, id: null, date: monday, week: { week: monday, editable: true } });
    expect(empty.structured_data.meta_goals).toEqual(['', '', '']);

    const res = await save(c, addDays(monday, 3), plan());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: true, message: WEEKLY_TEXT.saved });
    const read = (await get(c, `/api/weekly/${monday}`)).json();
    expect(read).toMatchObject({
      exists: true,
      date: monday,
      content: 'Weekly planning entry',
      structured_data: { weekly_intention: 'Calm focus', meta_goals: ['Write the launch post', '', ''] },
      week: { next_week: nextWeekOf(monday) },
    });
    // It is the journal entry of type weekly_planning that the notes list shows.
    const byDate = (await get(c, `/api/personal-journal/date/${monday}/weekly_planning`)).json();
    expect(byDate).toMatchObject({ exists: true, entry: { id: read.id } });
    const headlines = (await get(c, '/api/notes/headlines?type=weekly')).json();
    expect(headlines[0].entries[0]).toMatchObject({ id: read.id, type: 'weekly' });
  });

  it("keeps the week's calendar events as the calendar gave them beside the simplified ones", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    const event = {
      id: 'e1',
      etag: null,
      recurringEventId: null,
      summary: 'Planning meeting',
      description: 'Agenda',
      location: 'Room 4',
      start: { dateTime: `${monday}T09:00:00Z` },
      end: { dateTime: `${monday}T10:00:00Z` },
      attendees: [{ email: 'sam@example.com' }],
      organizer: { displayName: 'Sam' },
      calendar: { id: 'c', summary: 'Work', backgroundColor: '#fff', foregroundColor: '#000' },
      declined: false,
      provider: 'google',
      htmlLink: null,
      daymark: null,
      transparency: null,
      transcript_id: null,
    };
    const simplified = { start: `${monday}T09:00:00Z`, end: `${monday}T10:00:00Z`, title: 'Planning meeting' };
    const res = await save(c, monday, plan({ calendar_events: [event], simplified_calendar_events: [simplified] }));
    expect(res.statusCode, res.body).toBe(200);
    const read = (await get(c, `/api/weekly/${monday}`)).json();
    expect(read.structured_data.calendar_events).toEqual([event]);
    expect(read.structured_data.simplified_calendar_events[0]).toMatchObject(simplified);
    // Something that is not a calendar event is refused, and nothing changes.
    const bad = await save(c, monday, plan({ weekly_intention: 'other', calendar_events: [{ nonsense: true }] }));
    expect(bad.statusCode).toBe(400);
    expect((await get(c, `/api/weekly/${monday}`)).json().structured_data.weekly_intention).toBe('Calm focus');
  });

  it("says 'No changes to save' and writes nothing when nothing changed", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    const blank = await save(
      c,
      monday,
      plan({ weekly_review: '', meta_goals: ['', '', ''], constraints: '', brain_dump: '', weekly_intention: '' }),
    );
    expect(blank.json()).toMatchObject({ saved: false, message: WEEKLY_TEXT.noChanges, plan: { exists: false } });
    const first = (await save(c, monday, plan())).json();
    const again = (await save(c, monday, plan({ content: 'Weekly planning entry' }))).json();
    expect(again).toMatchObject({ saved: false, message: WEEKLY_TEXT.noChanges });
    expect(again.plan.updated_at).toBe(first.plan.updated_at);
    const changed = (await save(c, monday, plan({ meta_goals: ['Write the launch post', 'Run twice', ''] }))).json();
    expect(changed).toMatchObject({
      saved: true,
      plan: { structured_data: { meta_goals: ['Write the launch post', 'Run twice', ''] } },
    });
  });

  it("refuses a save once the week has ended, with the spec's message, and changes nothing", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    await storePastPlan('alice', PAST, { weekly_intention: 'old' });
    const res = await save(c, addDays(PAST, 4), plan({ weekly_intention: 'rewritten' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: WEEKLY_TEXT.notEditable });
    const read = (await get(c, `/api/weekly/${PAST}`)).json();
    expect(read).toMatchObject({
      structured_data: { weekly_intention: 'old' },
      week: { editable: false, can_create_next: true },
    });
    // Last week is closed too, whatever day of this week it is.
    const last = await save(c, addDays(plannableWeek(), -7), plan());
    expect(last.statusCode).toBe(409);
  });

  it("lets the next week be planned, and reads the week rules in the user's zone", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const next = nextWeekOf(plannableWeek());
    const res = await save(c, next, plan({ weekly_intention: 'Next' }));
    expect(res.json()).toMatchObject({ saved: true, plan: { date: next, week: { editable: true } } });
    await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'Europe/Paris' } });
    const paris = (await get(c, '/api/weekly/2026-03-25')).json();
    // Paris moves to summer time that Sunday: the week ends at 23:00 UTC on Saturday.
    expect(paris.week).toMatchObject({ week: '2026-03-23', editable_until: '2026-03-28T23:00:00.000Z' });
  });

  it('reads a plan as it is now after every change: a save, a journal write, a new zone, the week closing', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const id = await userIdOf(h, 'alice');
    const monday = plannableWeek();
    const read = async () => (await get(c, `/api/weekly/${monday}`)).json();
    expect(await read()).toMatchObject({ exists: false });
    await save(c, monday, plan({ weekly_intention: 'First' }));
    expect(await read()).toMatchObject({ exists: true, structured_data: { weekly_intention: 'First' } });
    // Written through the journal in the same millisecond as far as updated_at can tell.
    const row = await service.findPlanRow(h.ctx.db, id, monday);
    await saveEntry(h.ctx.db, id, {
      date: monday,
      journal_type: 'weekly_planning',
      content: 'Written elsewhere',
      structured_data: { ...JSON.parse(row?.structured_data ?? '{}'), weekly_intention: 'Second' },
      now: row?.updated_at ?? nowIso(),
    });
    expect(await read()).toMatchObject({
      content: 'Written elsewhere',
      structured_data: { weekly_intention: 'Second' },
    });
    await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'Asia/Tokyo' } });
    const tokyo = await read();
    expect(tokyo.week.editable_until).toBe(`${addDays(monday, 5)}T15:00:00.000Z`);
    expect(tokyo).toEqual(await service.getPlan(h.ctx.db, id, monday, 'Asia/Tokyo'));
    // The same week read once it has ended, and again now.
    const later = Date.parse(`${addDays(monday, 8)}T00:00:00Z`);
    const closed = JSON.parse(String(await service.getPlanJson(h.ctx.db, id, monday, 'Asia/Tokyo', later)));
    expect(closed.week).toMatchObject({ editable: false, can_create_next: true });
    expect(closed).toEqual(await service.getPlan(h.ctx.db, id, monday, 'Asia/Tokyo', later));
    // Read again now, not as the closed week kept above: open until the week ends in Tokyo
    // (Saturday 15:00 UTC), closed after it, whichever day this test runs on.
    const before = Date.now();
    const again = await read();
    const until = Date.parse(again.week.editable_until);
    if (before >= until) expect(again.week.editable).toBe(false);
    else if (Date.now() < until) expect(again.week.editable).toBe(true);
  });

  it('refuses impossible dates and oversized fields', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    for (const d of ['2026-02-30', '9999-99-99', 'monday']) {
      const res = await get(c, `/api/weekly/${d}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Date must be YYYY-MM-DD' });
    }
    const huge = await save(c, plannableWeek(), plan({ brain_dump: 'x'.repeat(20_001) }));
    expect(huge.statusCode).toBe(400);
    expect((await get(c, `/api/weekly/${plannableWeek()}`)).json().exists).toBe(false);
    const malformed = await c.request({
      method: 'PUT',
      url: `/api/weekly/${plannableWeek()}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"weekly_review": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: expect.any(String) });
  });
});

describe('reflections', () => {
  const note = (c: Client, date: string, i: number) =>
    c.request({
      method: 'POST',
      url: `/api/notes/daily/${date}`,
      payload: {
        content: `note ${i}`,
        structured_data: {
          morning: { daily_priorities: [`priority ${i}`], anticipated_challenges: `challenge ${i}`, energy_level: 6 },
          evening: { wins: [`win ${i}`], frustrations: `${'f'.repeat(150)} ${i}`, open_loops: [`loop ${i}`] },
        },
      },
    });

  it('reads the latest 25 morning and evening parts, summarised and cut', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    // 30 days of notes ending last Sunday, and one older than the latest 25.
    for (let i = 1; i <= 30; i++) await note(c, addDays(monday, -i), i);
    await note(c, addDays(monday, -40), 40);
    const r = (await get(c, `/api/weekly/${monday}/reflections`)).json();
    expect(r.from).toBe(addDays(monday, -25));
    expect(r.to).toBe(addDays(monday, 6));
    expect(r.has_reflections).toBe(true);
    expect(r.morning_reflections).toHaveLength(25);
    expect(r.evening_reflections).toHaveLength(25);
    expect(r.morning_reflections[0]).toEqual({
      date: addDays(monday, -1),
      priorities: ['priority 1'],
      challenges: 'challenge 1',
      energy_level: 6,
    });
    expect(r.summary.priorities).toEqual(['priority 1', 'priority 2', 'priority 3', 'priority 4', 'priority 5']);
    expect(r.summary.wins).toHaveLength(5);
    expect(r.summary.open_loops).toHaveLength(5);
    expect(r.summary.challenges).toEqual(['challenge 1', 'challenge 2', 'challenge 3']);
    expect(r.summary.frustrations).toHaveLength(3);
    for (const f of r.summary.frustrations) expect(f).toBe(`${'f'.repeat(100)}…`);

    // A save attaches them to the plan.
    const saved = (await save(c, monday, plan())).json();
    expect(saved.plan.structured_data.morning_reflections).toHaveLength(25);
    expect(saved.plan.structured_data.evening_reflections[0].wins).toEqual(['win 1']);
  });

  it('takes each part from the notes that have it: a note with only a morning gives no evening', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    const part = (date: string, which: 'morning' | 'evening', i: number) =>
      c.request({
        method: 'POST',
        url: `/api/notes/daily/${date}`,
        payload: {
          content: `note ${i}`,
          structured_data:
            which === 'morning'
              ? { morning: { daily_priorities: [`priority ${i}`], anticipated_challenges: '', energy_level: 4 } }
              : { evening: { wins: [`win ${i}`], frustrations: '', open_loops: [] } },
        },
      });
    // 30 days before the week: every third day an evening only, the others a morning only.
    for (let i = 1; i <= 30; i++) {
      expect((await part(addDays(monday, -i), i % 3 === 0 ? 'evening' : 'morning', i)).statusCode).toBe(200);
    }
    const r = (await get(c, `/api/weekly/${monday}/reflections`)).json();
    const days = (keep: (i: number) => boolean) =>
      Array.from({ length: 30 }, (_, k) => k + 1)
        .filter(keep)
        .map((i) => addDays(monday, -i));
    expect(r.morning_reflections.map((m: { date: string }) => m.date)).toEqual(days((i) => i % 3 !== 0));
    expect(r.evening_reflections.map((e: { date: string }) => e.date)).toEqual(days((i) => i % 3 === 0));
    expect(r.evening_reflections[0]).toEqual({
      date: addDays(monday, -3),
      wins: ['win 3'],
      frustrations: '',
      open_loops: [],
    });
    expect(r.summary.average_energy).toBe(4);
  });

  it('answers what presenting the notes afresh answers, through saves, other writes and deletions', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    const monday = plannableWeek();
    const aliceId = await userIdOf(h, 'alice');
    const read = async (client: Client, week = monday) => {
      const res = await get(client, `/api/weekly/${week}/reflections`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json();
    };
    const fresh = async (week = monday) => JSON.parse(JSON.stringify(await loadReflections(h.ctx.db, aliceId, week)));
    const same = async (week = monday) => {
      const answer = await read(c, week);
      expect(answer).toEqual(await fresh(week));
      return answer;
    };
    for (let i = 1; i <= 6; i++) await note(c, addDays(monday, -i), i);
    const first = await same();
    expect(first.morning_reflections).toHaveLength(6);
    expect(await same()).toEqual(first);
    // Bob has no notes: his answer is his own.
    expect((await read(bob)).has_reflections).toBe(false);

    // Saved again through the API: the changed part shows.
    await note(c, addDays(monday, -2), 99);
    expect((await same()).morning_reflections[1].priorities).toEqual(['priority 99']);
    // Written by another instance, straight into the table: the next read has it.
    const row = (date: string) =>
      h.ctx.db
        .updateTable('journal_entries')
        .where('user_id', '=', aliceId)
        .where('journal_type', '=', 'daily')
        .where('date', '=', date);
    await row(addDays(monday, -1))
      .set({ structured_data: JSON.stringify({ evening: { wins: ['elsewhere'], frustrations: '', open_loops: [] } }) })
      .execute();
    expect((await same()).evening_reflections[0].wins).toEqual(['elsewhere']);
    // The flags decide which parts a note gives.
    await row(addDays(monday, -1)).set({ has_morning: 0 }).execute();
    expect((await same()).morning_reflections[0].date).toBe(addDays(monday, -2));
    // Damaged stored data reads as empty parts; a deleted note is gone.
    await row(addDays(monday, -3)).set({ structured_data: '{not json' }).execute();
    const damaged = await same();
    expect(damaged.morning_reflections.find((m: { date: string }) => m.date === addDays(monday, -3))).toEqual({
      date: addDays(monday, -3),
      priorities: [],
      challenges: '',
      energy_level: null,
    });
    await h.ctx.db
      .deleteFrom('journal_entries')
      .where('user_id', '=', aliceId)
      .where('date', '=', addDays(monday, -4))
      .execute();
    const after = await same();
    expect(after.morning_reflections.map((m: { date: string }) => m.date)).not.toContain(addDays(monday, -4));
    // Another week is another period, with its own answer.
    const earlier = await same(addDays(monday, -35));
    expect(earlier.has_reflections).toBe(false);
  });

  it('reads the latest notes however long ago they were written, and none dated after the week', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    // A break in journaling: the last notes are three months old.
    for (let i = 1; i <= 3; i++) await note(c, addDays(monday, -90 - i), i);
    // A note dated after the week is not a reflection on it.
    expect((await note(c, addDays(monday, 9), 9)).statusCode).toBe(200);
    const r = (await get(c, `/api/weekly/${monday}/reflections`)).json();
    expect(r.has_reflections).toBe(true);
    expect(r.from).toBe(addDays(monday, -93));
    expect(r.morning_reflections.map((m: { date: string }) => m.date)).toEqual([
      addDays(monday, -91),
      addDays(monday, -92),
      addDays(monday, -93),
    ]);
    expect(r.summary.wins).toEqual(['win 1', 'win 2', 'win 3']);
    // The planning coach sees them too.
    const coach = await c.request({
      method: 'POST',
      url: '/api/weekly/coach',
      payload: { date: monday, userMessage: '', isNewPlan: true },
    });
    expect(coach.body).toContain('3 morning and 3 evening reflections');
  });

  it('has no reflections without daily notes', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const r = (await get(c, `/api/weekly/${plannableWeek()}/reflections`)).json();
    expect(r).toMatchObject({ has_reflections: false, from: null, morning_reflections: [], evening_reflections: [] });
  });
});

describe('export', () => {
  it('downloads the whole plan as weekly-plan-{date}.md', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    await c.request({
      method: 'POST',
      url: `/api/notes/daily/${addDays(monday, -2)}`,
      payload: {
        content: 'x',
        structured_data: { evening: { wins: ['Closed the deal'], open_loops: ['Call the bank'] } },
      },
    });
    await save(
      c,
      addDays(monday, 1),
      plan({
        content: 'Remember to rest',
        simplified_calendar_events: [
          { start: `${monday}T09:00:00Z`, end: `${monday}T10:00:00Z`, title: 'Planning meeting', location: 'Room 4' },
        ],
      }),
    );
    const res = await get(c, `/api/weekly/${addDays(monday, 2)}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="weekly-plan-${monday}.md"`);
    const md = res.body;
    expect(md).toContain(`# Weekly Plan — Week of ${monday}`);
    expect(md).toContain('## Weekly Intention\n\nCalm focus');
    expect(md).toContain('1. **Goal 1:** Write the launch post');
    expect(md).toContain('2. **Goal 2:** —');
    expect(md).toContain('## Weekly Review\n\nShipped the beta');
    expect(md).toContain('## Constraints\n\nOffsite on Thursday');
    expect(md).toContain('## Brain Dump\n\ntaxes, dentist');
    expect(md).toContain('## Additional Thoughts\n\nRemember to rest');
    expect(md).toContain('**Wins**\n\n- Closed the deal');
    expect(md).toContain('**Open loops**\n\n- Call the bank');
    expect(md).toContain(`1 events\n\n- ${monday} 09:00 — Planning meeting @ Room 4`);
  });

  it("writes the data export's Markdown of a plan with the same writer as the editor's export", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    await c.request({
      method: 'POST',
      url: `/api/notes/daily/${addDays(monday, -2)}`,
      payload: { content: 'x', structured_data: { evening: { wins: ['Closed the deal'] } } },
    });
    await save(c, monday, plan({ content: 'Remember to rest' }));
    // A past plan stored with the default content and only some fields.
    await storePastPlan('alice', PAST, { weekly_intention: 'Old intention', meta_goals: ['Old goal'] });
    const zip = await c.request({ method: 'GET', url: '/api/export' });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    for (const week of [monday, PAST]) {
      const editor = (await get(c, `/api/weekly/${week}/export`)).body;
      const exported = new TextDecoder().decode(files[`journal/weekly/${week}.md`]);
      expect(exported).toBe(editor);
    }
    const current = new TextDecoder().decode(files[`journal/weekly/${monday}.md`]);
    expect(current).toContain('## Brain Dump\n\ntaxes, dentist');
    expect(current).toContain('**Wins**\n\n- Closed the deal');
    expect(new TextDecoder().decode(files[`journal/weekly/${PAST}.md`])).toContain('1. **Goal 1:** Old goal');
  });

  it('answers 404 with the no-plan text when the week has no plan', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const res = await get(c, `/api/weekly/${plannableWeek()}/export`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: WEEKLY_TEXT.noPlan });
  });
});

describe('planning conversation', () => {
  const messages = [
    { role: 'assistant', content: 'How did last week go?' },
    { role: 'user', content: 'Well.' },
  ];

  it("saves, loads, replaces and deletes the week's conversation", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const monday = plannableWeek();
    expect((await get(c, `/api/weekly/${monday}/conversation`)).json()).toMatchObject({
      exists: false,
      id: null,
      conversation: [],
    });
    const saved = await c.request({
      method: 'POST',
      url: `/api/weekly/${addDays(monday, 4)}/conversation`,
      payload: { conversation: messages },
    });
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json();
    const replaced = await c.request({
      method: 'POST',
      url: `/api/weekly/${monday}/conversation`,
      payload: { conversation: [...messages, { role: 'assistant', content: 'Great.' }] },
    });
    expect(replaced.json()).toMatchObject({ id, exists: true, date: monday });
    expect((await get(c, `/api/weekly/${monday}/conversation`)).json().conversation).toHaveLength(3);
    const del = await c.request({ method: 'DELETE', url: `/api/weekly/conversation/${id}` });
    expect(del.statusCode).toBe(204);
    expect((await get(c, `/api/weekly/${monday}/conversation`)).json().exists).toBe(false);
    const again = await c.request({ method: 'DELETE', url: `/api/weekly/conversation/${id}` });
    expect(again.statusCode).toBe(404);
    // By week too (the path the API document lists).
    await c.request({ method: 'POST', url: `/api/weekly/${monday}/conversation`, payload: { conversation: messages } });
    const byWeek = await c.request({ method: 'DELETE', url: `/api/weekly/${addDays(monday, 2)}/conversation` });
    expect(byWeek.statusCode).toBe(204);
    expect((await get(c, `/api/weekly/${monday}/conversation`)).json().exists).toBe(false);
    expect((await c.request({ method: 'DELETE', url: `/api/weekly/${monday}/conversation` })).statusCode).toBe(404);
  });

  it('refuses to rewrite the conversation of an ended week', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const res = await c.request({
      method: 'POST',
      url: `/api/weekly/${PAST}/conversation`,
      payload: { conversation: messages },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: WEEKLY_TEXT.notEditable });
  });

  it("keeps a user's plan and conversation from everyone else", async () => {
    h = await createHarness();
    const monday = plannableWeek();
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => {
        await save(owner, monday, plan());
        const conv = await owner.request({
          method: 'POST',
          url: `/api/weekly/${monday}/conversation`,
          payload: { conversation: messages },
        });
        return conv.json().id as number;
      },
      requests: (id) => [
        { method: 'DELETE', url: `/api/weekly/conversation/${id}` },
        { method: 'DELETE', url: `/api/weekly/${monday}/conversation` },
        { method: 'GET', url: `/api/weekly/${monday}/export` },
      ],
      stillThere: async (owner, id) => {
        const conv = (await get(owner, `/api/weekly/${monday}/conversation`)).json();
        expect(conv).toMatchObject({ id, exists: true });
        expect((await get(owner, `/api/weekly/${monday}`)).json().exists).toBe(true);
      },
    });
    // Reads by date are the reader's own week: another user sees no plan and no conversation.
    const other = await createUserAndSignIn(h, 'mallory');
    expect((await get(other, `/api/weekly/${monday}`)).json().exists).toBe(false);
    expect((await get(other, `/api/weekly/${monday}/conversation`)).json().exists).toBe(false);
  });
});

describe('API document', () => {
  it('names every weekly operation and documents its errors', async () => {
    h = await createHarness();
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = Object.entries(
      doc.paths as Record<string, Record<string, { operationId?: string; tags?: string[]; responses?: object }>>,
    )
      .filter(([path]) => path.startsWith('/api/weekly'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(ops.map((o) => o.operationId).sort()).toEqual([
      'weekly.coach',
      'weekly.deleteConversation',
      'weekly.export',
      'weekly.getCoachMeta',
      'weekly.getConversation',
      'weekly.getPlan',
      'weekly.getReflections',
      'weekly.saveConversation',
      'weekly.savePlan',
    ]);
    for (const op of ops) {
      expect(op.tags).toEqual(['weekly']);
      expect(Object.keys(op.responses ?? {})).toContain('401');
    }
    // Writes of a plan say that a week that has ended is refused (409).
    for (const id of ['weekly.savePlan', 'weekly.saveConversation']) {
      expect(Object.keys(ops.find((o) => o.operationId === id)?.responses ?? {})).toContain('409');
    }
  });
});
