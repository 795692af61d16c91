import { afterEach, describe, expect, it } from 'vitest';
import { NOTES_TEXT } from '#common/journalConstants.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { saveEntry } from '../journal/repo.js';

/** A weekly plan of a past week, stored as it was while that week was open (the API refuses it now). */
async function insertWeekly(username: string, date: string, content: string, structured: object | null = null) {
  return saveEntry(h.ctx.db, await userIdOf(h, username), {
    date,
    journal_type: 'weekly_planning',
    content,
    structured_data: structured as Record<string, unknown> | null,
    now: nowIso(),
  });
}

let h: Harness;
afterEach(async () => h?.close());

async function insertTranscript(username: string, date: string, title: string) {
  const row = await h.ctx.db
    .insertInto('transcripts')
    .values({
      user_id: await userIdOf(h, username),
      date,
      title,
      content: `Transcript of ${title}`,
      context: 'Quarterly review',
      transcript_type: 'scheduled',
      google_event_id: 'evt1',
      google_event_etag: null,
      google_recurring_event_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const journal = (c: Client, payload: object) => c.request({ method: 'POST', url: '/api/personal-journal', payload });
const headlines = async (c: Client, query = '') => {
  const res = await c.request({ method: 'GET', url: `/api/notes/headlines${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    date: string;
    entries: Array<{ id: number; type: string; title: string; icon: string }>;
  }>;
};

describe('notes headlines', () => {
  it('groups journal entries and transcripts by date, newest first, and filters by type', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    await c.request({
      method: 'POST',
      url: '/api/notes/daily/2026-03-03',
      payload: { content: '## Morning Preparation\n### Daily Priorities\n- a' },
    });
    await c.request({
      method: 'POST',
      url: '/api/notes/daily/2026-03-02',
      payload: { content: '## Evening Shutdown\n### Wins\n- w' },
    });
    await insertWeekly('alice', '2026-03-02', 'plan');
    await journal(c, { date: '2026-03-01', journal_type: 'note', content: '# Groceries\n- eggs' });
    await insertTranscript('alice', '2026-03-03', 'Team sync');

    const all = await headlines(c);
    expect(all.map((g) => g.date)).toEqual(['2026-03-03', '2026-03-02', '2026-03-01']);
    expect(all[0]?.entries.map((e) => [e.type, e.title]).sort()).toEqual([
      ['journal', 'Daily Journal'],
      ['transcript', 'Team sync'],
    ]);
    expect(all[2]?.entries).toEqual([
      expect.objectContaining({
        type: 'note',
        title: 'Groceries',
        icon: 'note',
        date: '2026-03-01',
        time: expect.any(String),
      }),
    ]);

    const morning = await headlines(c, '?type=morning');
    expect(morning).toEqual([
      { date: '2026-03-03', entries: [expect.objectContaining({ type: 'morning', title: 'Morning Preparation' })] },
    ]);
    const evening = await headlines(c, '?type=evening');
    expect(evening.map((g) => g.date)).toEqual(['2026-03-02']);
    expect((await headlines(c, '?type=note')).flatMap((g) => g.entries.map((e) => e.type))).toEqual(['note']);
    expect((await headlines(c, '?type=transcript')).flatMap((g) => g.entries.map((e) => e.title))).toEqual([
      'Team sync',
    ]);
    expect((await headlines(c, '?type=weekly')).flatMap((g) => g.entries.map((e) => e.title))).toEqual([
      'Weekly Planning',
    ]);
  });

  it('pages by entries with limit and offset', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    for (const d of ['01', '02', '03', '04', '05'])
      await journal(c, { date: `2026-03-${d}`, journal_type: 'note', content: `n${d}` });
    await insertTranscript('alice', '2026-03-04', 'call');
    const page1 = await headlines(c, '?limit=3&offset=0');
    const page2 = await headlines(c, '?limit=3&offset=3');
    const titles = (p: typeof page1) => p.flatMap((g) => g.entries.map((e) => e.title));
    expect(titles(page1)).toEqual(['n05', expect.any(String), expect.any(String)]);
    expect([...titles(page1), ...titles(page2)].sort()).toEqual(['call', 'n01', 'n02', 'n03', 'n04', 'n05']);
    expect(titles(page2).at(-1)).toBe('n01');
    expect((await c.request({ method: 'GET', url: '/api/notes/headlines?limit=0' })).statusCode).toBe(400);
  });
});

describe('notes content', () => {
  it('returns the entry behind a headline, and the spec text for a missing one', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const tid = await insertTranscript('alice', '2026-03-03', 'Team sync');
    const t = await c.request({ method: 'GET', url: `/api/notes/content/transcript/${tid}` });
    expect(t.json()).toMatchObject({
      type: 'transcript',
      title: 'Team sync',
      content: 'Transcript of Team sync',
      transcript: { transcript_type: 'scheduled', context: 'Quarterly review' },
    });
    const weekly = await insertWeekly(c.username, '2026-03-02', 'plan', { weekly_intention: 'focus' });
    const w = await c.request({ method: 'GET', url: `/api/notes/content/weekly/${weekly.id}` });
    expect(w.json()).toMatchObject({ type: 'weekly', content: 'plan', structured_data: { weekly_intention: 'focus' } });
    const wrongType = await c.request({ method: 'GET', url: `/api/notes/content/note/${weekly.id}` });
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json()).toEqual({ error: NOTES_TEXT.noContent });
  });

  it('shows an entry to its owner only', async () => {
    h = await createHarness();
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) =>
        (await journal(owner, { date: '2026-03-01', journal_type: 'note', content: 'secret' })).json().id as number,
      requests: (id) => [{ method: 'GET', url: `/api/notes/content/note/${id}` }],
      stillThere: async (owner, id) => {
        const res = await owner.request({ method: 'GET', url: `/api/notes/content/note/${id}` });
        expect(res.json()).toMatchObject({ content: 'secret' });
      },
    });
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => insertTranscript(owner.username, '2026-03-01', 'private'),
      requests: (id) => [{ method: 'GET', url: `/api/notes/content/transcript/${id}` }],
      stillThere: async (owner, id) => {
        const res = await owner.request({ method: 'GET', url: `/api/notes/content/transcript/${id}` });
        expect(res.json()).toMatchObject({ title: 'private' });
      },
    });
  });
});
