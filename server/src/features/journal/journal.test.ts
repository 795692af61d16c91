import { afterEach, describe, expect, it } from 'vitest';
import { NOTES_TEXT } from '#common/journalConstants.js';
import { WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { getDailyEntry, listJournalEntries } from './repo.js';

let h: Harness;
afterEach(async () => h?.close());

const NOTE = `## Goals for the Day
- Ship it

## Morning Preparation
### Daily Priorities
- Write report
### Energy Level 8/10

## Daily Journal
Calm morning.
`;

const saveDaily = (c: Client, date: string, content: string) =>
  c.request({ method: 'POST', url: `/api/notes/daily/${date}`, payload: { content } });

describe('daily note', () => {
  it('is empty before it is written', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const res = await c.request({ method: 'GET', url: '/api/notes/daily/2026-03-02' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: '2026-03-02',
      exists: false,
      content: '',
      structured_data: {},
      updated_at: null,
    });
  });

  it('stores the text and extracts its structured parts, replacing the note of the date', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    expect((await saveDaily(c, '2026-03-02', 'first draft')).statusCode).toBe(200);
    const res = await saveDaily(c, '2026-03-02', NOTE);
    expect(res.statusCode).toBe(200);
    const got = (await c.request({ method: 'GET', url: '/api/notes/daily/2026-03-02' })).json();
    expect(got).toMatchObject({ exists: true, content: NOTE });
    expect(got.structured_data.morning).toMatchObject({
      daily_priorities: ['Write report'],
      energy_level: 8,
      personal_goal: 'Ship it',
    });
    expect(got.structured_data.evening).toBeUndefined();
    const rows = await h.ctx.db.selectFrom('journal_entries').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps one note and its first id and creation time when a date is saved many times at once', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const texts = Array.from({ length: 8 }, (_, i) => `draft ${i}`);
    const saves = await Promise.all(texts.map((t) => saveDaily(c, '2026-03-03', t)));
    expect(saves.map((r) => r.statusCode)).toEqual(texts.map(() => 200));
    const rows = await h.ctx.db.selectFrom('journal_entries').select(['id', 'content', 'created_at']).execute();
    expect(rows).toHaveLength(1);
    // The last save to commit wins; every answer was a whole note of this date.
    expect(texts).toContain(rows[0]?.content);
    expect(saves.every((r) => texts.includes(r.json().content))).toBe(true);
    const before = rows[0];
    await saveDaily(c, '2026-03-03', NOTE);
    const after = await h.ctx.db.selectFrom('journal_entries').select(['id', 'content', 'created_at']).execute();
    expect(after).toEqual([{ id: before?.id, content: NOTE, created_at: before?.created_at }]);
  });

  it('extracts the structured parts when the client sends an empty structured_data', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const url = '/api/notes/daily/2026-03-03';
    await c.request({ method: 'POST', url, payload: { content: NOTE, structured_data: {} } });
    const got = (await c.request({ method: 'GET', url })).json();
    expect(got.structured_data.morning).toMatchObject({ personal_goal: 'Ship it', energy_level: 8 });
  });

  it('takes structured data when the client sends it, and validates it', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const ok = await c.request({
      method: 'POST',
      url: '/api/notes/daily/2026-03-03',
      payload: { content: 'x', structured_data: { evening: { wins: ['A win'] } } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().structured_data.evening).toEqual({
      wins: ['A win'],
      frustrations: '',
      values_alignment: '',
      open_loops: [],
      personal_time: [],
    });
    const bad = await c.request({
      method: 'POST',
      url: '/api/notes/daily/2026-03-03',
      payload: { content: 'x', structured_data: { morning: { energy_level: 11 } } },
    });
    expect(bad.statusCode).toBe(400);
    const badDate = await saveDaily(c, '2026-02-30', 'x');
    expect(badDate.statusCode).toBe(400);
  });
});

describe('personal journal', () => {
  it('serves the parts of daily notes as daily_morning and daily_evening entries', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    await saveDaily(c, '2026-03-01', NOTE);
    await saveDaily(c, '2026-03-02', '## Evening Shutdown\n### Wins\n- Done');
    await saveDaily(c, '2026-03-03', 'just words');

    const morning = (await c.request({ method: 'GET', url: '/api/personal-journal?type=daily_morning' })).json();
    expect(morning.map((e: { date: string }) => e.date)).toEqual(['2026-03-01']);
    expect(morning[0]).toMatchObject({ journal_type: 'daily_morning', structured_data: { energy_level: 8 } });
    const evening = (await c.request({ method: 'GET', url: '/api/personal-journal?type=daily_evening' })).json();
    expect(evening).toEqual([
      expect.objectContaining({ date: '2026-03-02', structured_data: expect.objectContaining({ wins: ['Done'] }) }),
    ]);

    const all = (await c.request({ method: 'GET', url: '/api/personal-journal?limit=2' })).json();
    expect(all.map((e: { date: string; journal_type: string }) => [e.date, e.journal_type])).toEqual([
      ['2026-03-03', 'daily'],
      ['2026-03-02', 'daily'],
    ]);

    const alice = await userIdOf(h, 'alice');
    expect((await getDailyEntry(h.ctx.db, alice, '2026-03-01', 'morning'))?.structured_data).toMatchObject({
      daily_priorities: ['Write report'],
    });
    expect(await getDailyEntry(h.ctx.db, alice, '2026-03-01', 'evening')).toBeUndefined();
    expect(await listJournalEntries(h.ctx.db, alice, { type: 'daily_evening', limit: 5 })).toHaveLength(1);
  });

  it('saves a part into the daily note, keeping the rest of its text', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    await saveDaily(c, '2026-03-01', NOTE);
    const res = await c.request({
      method: 'POST',
      url: '/api/personal-journal',
      payload: {
        date: '2026-03-01',
        journal_type: 'daily_evening',
        structured_data: { wins: ['Shipped'], frustrations: 'none' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ journal_type: 'daily_evening', structured_data: { wins: ['Shipped'] } });
    const note = (await c.request({ method: 'GET', url: '/api/notes/daily/2026-03-01' })).json();
    expect(note.content).toContain('Calm morning.');
    expect(note.content).toContain('## Evening Shutdown\n### Wins\n- Shipped');
    expect(note.structured_data.morning.daily_priorities).toEqual(['Write report']);
    expect(note.structured_data.evening.frustrations).toBe('none');
  });

  it('keeps both parts when a morning and an evening part are saved at once', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const part = (date: string, journal_type: string, structured_data: object) =>
      c.request({ method: 'POST', url: '/api/personal-journal', payload: { date, journal_type, structured_data } });
    const dates = ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
    const saves = await Promise.all(
      dates.flatMap((date) => [
        part(date, 'daily_morning', { daily_priorities: ['Plan'], energy_level: 6 }),
        part(date, 'daily_evening', { wins: ['Shipped'] }),
      ]),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(saves.map(() => 200));
    for (const date of dates) {
      const note = (await c.request({ method: 'GET', url: `/api/notes/daily/${date}` })).json();
      expect(note.content).toContain('### Daily Priorities\n- Plan');
      expect(note.content).toContain('### Wins\n- Shipped');
      expect(note.structured_data.morning.daily_priorities).toEqual(['Plan']);
      expect(note.structured_data.evening.wins).toEqual(['Shipped']);
    }
  });

  it('keeps one weekly plan per week date, gives it default content, and needs a date', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const save = (payload: object) => c.request({ method: 'POST', url: '/api/personal-journal', payload });
    const first = await save({
      date: '2030-03-04',
      journal_type: 'weekly_planning',
      content: '',
      structured_data: { meta_goals: ['a', '', ''] },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      content: 'Weekly planning entry',
      structured_data: { meta_goals: ['a', '', ''] },
    });
    const second = await save({ date: '2030-03-04', journal_type: 'weekly_planning', content: 'v2' });
    expect(second.json().id).toBe(first.json().id);

    const byDate = await c.request({ method: 'GET', url: '/api/personal-journal/date/2030-03-04/weekly_planning' });
    expect(byDate.json()).toMatchObject({ exists: true, entry: { content: 'v2' } });
    const none = await c.request({ method: 'GET', url: '/api/personal-journal/date/2030-03-11/weekly_planning' });
    expect(none.json()).toEqual({ exists: false });

    const missing = await save({ journal_type: 'weekly_planning', content: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: NOTES_TEXT.weeklyDateRequired });
    // Any day names its week: a Thursday's plan is the Monday's.
    const thursday = await save({ date: '2030-03-07', journal_type: 'weekly_planning', content: 'v3' });
    expect(thursday.json()).toMatchObject({ id: first.json().id, date: '2030-03-04', content: 'v3' });
    const missingNoteDate = await save({ journal_type: 'note', content: 'x' });
    expect(missingNoteDate.json()).toEqual({ error: NOTES_TEXT.dateRequired });
  });

  it('refuses a weekly plan for a week that has ended, and changes nothing', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const res = await c.request({
      method: 'POST',
      url: '/api/personal-journal',
      payload: { date: '2026-03-04', journal_type: 'weekly_planning', content: 'too late' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: WEEKLY_TEXT.notEditable });
    const list = await c.request({ method: 'GET', url: '/api/personal-journal?type=weekly_planning' });
    expect(list.json()).toEqual([]);
  });

  it('keeps every plain note, several per date', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    for (const content of ['one', 'two']) {
      const res = await c.request({
        method: 'POST',
        url: '/api/personal-journal',
        payload: { date: '2026-03-02', journal_type: 'note', content },
      });
      expect(res.statusCode).toBe(200);
    }
    const notes = (await c.request({ method: 'GET', url: '/api/personal-journal?type=note' })).json();
    expect(notes.map((n: { content: string }) => n.content).sort()).toEqual(['one', 'two']);
  });

  it("keeps each user's journal to themselves", async () => {
    h = await createHarness();
    const a = await createUserAndSignIn(h, 'alice');
    const b = await createUserAndSignIn(h, 'bob');
    await saveDaily(a, '2026-03-01', NOTE);
    await a.request({
      method: 'POST',
      url: '/api/personal-journal',
      payload: { date: '2030-03-04', journal_type: 'weekly_planning', content: 'plan' },
    });
    expect((await b.request({ method: 'GET', url: '/api/notes/daily/2026-03-01' })).json().exists).toBe(false);
    expect((await b.request({ method: 'GET', url: '/api/personal-journal' })).json()).toEqual([]);
    const other = await b.request({ method: 'GET', url: '/api/personal-journal/date/2030-03-04/weekly_planning' });
    expect(other.json()).toEqual({ exists: false });
    await saveDaily(b, '2026-03-01', 'bob note');
    expect((await a.request({ method: 'GET', url: '/api/notes/daily/2026-03-01' })).json().content).toBe(NOTE);
  });
});
