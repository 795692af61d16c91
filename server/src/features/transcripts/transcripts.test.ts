import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TRANSCRIPT_MAX_CHARS,
  TRANSCRIPT_PAGE_DEFAULT,
  TRANSCRIPT_PAGE_MAX,
  TRANSCRIPT_TEXT,
  type Transcript,
  type TranscriptSummary,
  transcriptSummaryPage,
} from '#common/api/transcripts.js';
import * as summaryMigration from '../../db/migrations/0019_perf_transcripts.js';
import * as textLastMigration from '../../db/migrations/0025_transcripts_text_last.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import * as repo from './repo.js';

let h: Harness;
afterEach(async () => h?.close());

const base = { title: 'Standup', content: 'We met.', date: '2026-03-10' };
const add = async (c: Client, body: Record<string, unknown> = base) => {
  const res = await c.request({ method: 'POST', url: '/api/transcripts', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Transcript;
};
const get = async (c: Client, url: string) => {
  const res = await c.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const count = async (h: Harness) =>
  Number(
    (
      await h.ctx.db
        .selectFrom('transcripts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('transcripts API', () => {
  it('creates with the spec’s fields, impromptu by default, and returns the saved transcript', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const t = await add(c, { ...base, title: '  Standup  ', context: '   ' });
    expect(t).toMatchObject({
      title: 'Standup',
      content: 'We met.',
      date: '2026-03-10',
      context: null,
      transcript_type: 'impromptu',
      google_event_id: null,
      google_event_etag: null,
      google_recurring_event_id: null,
      event_start: null,
    });
    expect(Date.parse(t.created_at)).not.toBeNaN();
    const scheduled = await add(c, {
      ...base,
      transcript_type: 'scheduled',
      context: 'Quarterly planning',
      google_event_id: 'evt1',
      google_event_etag: '"3"',
      google_recurring_event_id: 'rec1',
      event_start: '2026-03-10T09:30:00+01:00',
    });
    expect(scheduled).toMatchObject({
      transcript_type: 'scheduled',
      context: 'Quarterly planning',
      google_event_id: 'evt1',
      google_event_etag: '"3"',
      google_recurring_event_id: 'rec1',
    });
    expect(await get(c, `/api/transcripts/${scheduled.id}`)).toEqual(scheduled);
  });

  it('checks title, then content, then date, with the spec’s messages, and saves nothing', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, TRANSCRIPT_TEXT.titleRequired],
      [{ title: '  ', content: '', date: '' }, TRANSCRIPT_TEXT.titleRequired],
      [{ title: 'T' }, TRANSCRIPT_TEXT.contentRequired],
      [{ title: 'T', content: ' \n ', date: 'x' }, TRANSCRIPT_TEXT.contentRequired],
      [{ title: 'T', content: 'c' }, TRANSCRIPT_TEXT.dateRequired],
      [{ title: 'T', content: 'c', date: '' }, TRANSCRIPT_TEXT.dateRequired],
      [{ title: 'T', content: 'c', date: '2026-02-30' }, TRANSCRIPT_TEXT.dateFormat],
      [{ title: 'T', content: 'c', date: '9999-99-99' }, TRANSCRIPT_TEXT.dateFormat],
      [{ title: 'T', content: 'c', date: '2026-02-28T10:00' }, TRANSCRIPT_TEXT.dateFormat],
      [
        { ...base, transcript_type: 'webinar' },
        'transcript_type: Invalid option: expected one of "scheduled"|"impromptu"',
      ],
      [{ ...base, title: 'x'.repeat(501) }, 'Title must be at most 500 characters'],
      [{ ...base, event_start: 'soon' }, 'event_start must be a date or date-time'],
    ];
    for (const [payload, error] of cases) {
      const res = await c.request({ method: 'POST', url: '/api/transcripts', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const bad = await c.request({
      method: 'POST',
      url: '/api/transcripts',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Request body is not valid JSON' });
    expect(await count(h)).toBe(0);
  });

  it('takes a long meeting past the default body limit, and refuses a transcript over its limit', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const line = 'Alice: we went through the roadmap item by item and agreed the next steps. ';
    const twoHours = line.repeat(Math.ceil(1_500_000 / line.length)).slice(0, 1_500_000 - 1);
    expect(JSON.stringify({ ...base, content: twoHours }).length).toBeGreaterThan(1024 * 1024);
    const tooLongButSmall = twoHours.slice(0, TRANSCRIPT_MAX_CHARS + 1);
    const res = await c.request({
      method: 'POST',
      url: '/api/transcripts',
      payload: { ...base, content: tooLongButSmall },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/at most 1,000,000 characters/);
    const ok = await add(c, { ...base, content: twoHours.slice(0, TRANSCRIPT_MAX_CHARS) });
    expect(ok.content).toHaveLength(TRANSCRIPT_MAX_CHARS);
    const huge = await c.request({
      method: 'POST',
      url: '/api/transcripts',
      payload: { ...base, content: 'x'.repeat(6 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'Request body is too large' });
    // Other routes keep the default limit.
    const todo = await c.request({ method: 'POST', url: '/api/todos', payload: { content: 'x'.repeat(1_100_000) } });
    expect(todo.statusCode).toBe(413);
    expect(await count(h)).toBe(1);
  });

  it('lists summaries newest first a page at a time, with the total, the length and the opening', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const made: Transcript[] = [];
    for (let i = 0; i < 5; i++) made.push(await add(c, { ...base, title: `T${i}`, date: `2026-01-0${5 - i}` }));
    const first = await get(c, '/api/transcripts?limit=2');
    expect(first.total).toBe(5);
    expect(first.items.map((t: TranscriptSummary) => t.title)).toEqual(['T4', 'T3']);
    const rest = await get(c, '/api/transcripts?limit=10&offset=2');
    expect(rest.items.map((t: TranscriptSummary) => t.title)).toEqual(['T2', 'T1', 'T0']);
    expect(await get(c, '/api/transcripts?offset=5')).toEqual({ items: [], total: 5 });
    // No texts in a list: everything else, the text's length and its opening.
    const { content, ...withoutText } = made[3] as Transcript;
    expect(first.items[1]).toEqual({ ...withoutText, characters: content.length, excerpt: content });
    // The older route answers the same pages.
    expect(await get(c, '/api/transcripts/summaries?limit=2&offset=1')).toEqual({
      items: [first.items[1], rest.items[0]],
      total: 5,
    });
    const bob = await createUserAndSignIn(h, 'bob');
    expect(await get(bob, '/api/transcripts')).toEqual({ items: [], total: 0 });
    expect(await get(bob, '/api/transcripts/summaries')).toEqual({ items: [], total: 0 });
    for (const q of ['limit=0', `limit=${TRANSCRIPT_PAGE_MAX + 1}`, 'offset=-1', 'limit=abc']) {
      for (const path of ['/api/transcripts', '/api/transcripts/summaries']) {
        const res = await c.request({ method: 'GET', url: `${path}?${q}` });
        expect(res.statusCode, q).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('pages by the documented default and maximum, in a stable order when times tie', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await add(bob, { ...base, title: 'Bob’s' });
    const aliceId = await userIdOf(h, 'alice');
    // 1,050 transcripts, recorded in groups of seven at the same instant: ties are ordered by id.
    const rows = Array.from({ length: 1050 }, (_, i) => ({
      user_id: aliceId,
      date: '2026-02-01',
      title: `M${i}`,
      content: 'x',
      context: null,
      transcript_type: 'impromptu',
      google_event_id: null,
      google_event_etag: null,
      google_recurring_event_id: null,
      event_start: null,
      created_at: `2026-02-01T10:${String(Math.floor(i / 7) % 60).padStart(2, '0')}:0${Math.floor(i / 420)}.000Z`,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await h.ctx.db
        .insertInto('transcripts')
        .values(rows.slice(i, i + 200))
        .execute();
    const page = await get(c, '/api/transcripts');
    expect(page.total).toBe(1050);
    expect(page.items).toHaveLength(TRANSCRIPT_PAGE_DEFAULT);
    const seen: TranscriptSummary[] = [];
    for (let offset = 0; ; offset += TRANSCRIPT_PAGE_MAX) {
      const p = await get(c, `/api/transcripts?limit=${TRANSCRIPT_PAGE_MAX}&offset=${offset}`);
      expect(p.items.length).toBeLessThanOrEqual(TRANSCRIPT_PAGE_MAX);
      seen.push(...p.items);
      if (p.items.length < TRANSCRIPT_PAGE_MAX) break;
    }
    // Every transcript once, none of Bob's, newest first and by id within a tie.
    expect(seen).toHaveLength(1050);
    expect(new Set(seen.map((t) => t.id)).size).toBe(1050);
    expect(seen.some((t) => t.title === 'Bob’s')).toBe(false);
    for (let i = 1; i < seen.length; i++) {
      const a = seen[i - 1] as TranscriptSummary;
      const b = seen[i] as TranscriptSummary;
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id), `${i}`).toBe(true);
    }
    // The first page is the first hundred of the same order; pages of a small size join up.
    expect(page.items).toEqual(seen.slice(0, TRANSCRIPT_PAGE_DEFAULT));
    const a = await get(c, '/api/transcripts?limit=3&offset=5');
    const b = await get(c, '/api/transcripts?limit=3&offset=8');
    expect([...a.items, ...b.items]).toEqual(seen.slice(5, 11));
  });

  it('gives a long text’s length in characters and its first 150 characters, emoji counted once', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const content = `🎉é${'word '.repeat(60_000)}`;
    const t = await add(c, { ...base, content });
    const { items } = await get(c, '/api/transcripts');
    const chars = [...t.content];
    expect(items[0]).toMatchObject({ id: t.id, characters: chars.length, excerpt: chars.slice(0, 150).join('') });
    expect(items[0]).not.toHaveProperty('content');
    const [day] = await get(c, `/api/transcripts/date/${base.date}`);
    expect(day).toEqual(items[0]);
    // The whole text comes from the transcript itself.
    expect((await get(c, `/api/transcripts/${t.id}`)).content).toBe(content.trim());
    // A new text gives a new length and opening, and search finds the new words only.
    const put = await c.request({
      method: 'PUT',
      url: `/api/transcripts/${t.id}`,
      payload: { ...base, content: 'Zebra crossings were discussed.' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get(c, '/api/transcripts')).items[0]).toMatchObject({
      characters: 31,
      excerpt: 'Zebra crossings were discussed.',
    });
    const found = await get(c, '/api/search?q=zebra');
    expect(JSON.stringify(found)).toContain(`${t.id}`);
    expect(JSON.stringify(await get(c, '/api/search?q=word'))).not.toContain('Standup');
    // Rows written straight into the table (as a data import does) get theirs from the database too.
    const aliceId = await userIdOf(h, 'alice');
    await h.ctx.db
      .insertInto('transcripts')
      .values({
        user_id: aliceId,
        date: '2026-03-11',
        title: 'Imported',
        content: `ü${'a'.repeat(200)}`,
        transcript_type: 'impromptu',
        created_at: '2026-03-11T10:00:00.000Z',
      })
      .execute();
    expect(await get(c, '/api/transcripts/date/2026-03-11')).toEqual([
      expect.objectContaining({ title: 'Imported', characters: 201, excerpt: `ü${'a'.repeat(149)}` }),
    ]);
  });

  it('answers the list pages with the same bytes as the route’s serialiser writes from the rows', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    // (NUL is refused by every form.)
    const awkward = ['a"b\\c', '\u0001\b\t\n\f\r\u001f\u007f', '\u2028\u2029 é 😀', '</script>'];
    for (const [i, text] of awkward.entries()) {
      await add(c, { ...base, title: `${text} ${i}`, content: `${'😀'.repeat(149)}${text}`, context: text });
      await add(c, {
        ...base,
        title: text,
        content: text,
        transcript_type: 'scheduled',
        google_event_id: `ev${i}`,
        google_event_etag: `"${i}"`,
        google_recurring_event_id: `series${i}`,
        event_start: '2026-03-10T09:00:00.000Z',
      });
    }
    const aliceId = await userIdOf(h, 'alice');
    // A type the forms never send is listed as impromptu, as the rows are presented.
    await h.ctx.db
      .insertInto('transcripts')
      .values({
        user_id: aliceId,
        date: '2026-03-11',
        title: 'Odd',
        content: 'x',
        transcript_type: 'other',
        created_at: '2026-03-10T10:00:00.000Z',
      })
      .execute();
    const write = compileResponseSerializer(transcriptSummaryPage);
    for (const [limit, offset] of [
      [TRANSCRIPT_PAGE_DEFAULT, 0],
      [3, 2],
      [5, 100],
    ] as const) {
      for (const path of ['/api/transcripts', '/api/transcripts/summaries']) {
        const res = await c.request({ method: 'GET', url: `${path}?limit=${limit}&offset=${offset}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body, `${path} ${limit} ${offset}`).toBe(
          write(await repo.listSummaryPage(h.ctx.db, aliceId, limit, offset)),
        );
      }
    }
  });

  it('reads one day and a range of days, both ends included, refusing impossible dates', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    // Days are the user's own calendar days: a meeting late on 31 March in Auckland stays on the 31st.
    const zone = await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'Pacific/Auckland' } });
    expect(zone.statusCode, zone.body).toBe(200);
    for (const date of ['2026-03-30', '2026-03-31', '2026-03-31', '2026-04-01', '2026-04-02'])
      await add(c, { ...base, title: date, date });
    const day = await get(c, '/api/transcripts/date/2026-03-31');
    expect(day.map((t: Transcript) => t.date)).toEqual(['2026-03-31', '2026-03-31']);
    const range = await get(c, '/api/transcripts/range/2026-03-31/2026-04-01');
    expect(range.map((t: Transcript) => t.date)).toEqual(['2026-03-31', '2026-03-31', '2026-04-01']);
    // Summaries, as in the list: the marks and cards need no texts.
    expect(range[0]).toMatchObject({ characters: base.content.length, excerpt: base.content });
    expect(range[0]).not.toHaveProperty('content');
    expect(await get(c, '/api/transcripts/date/2026-05-01')).toEqual([]);
    for (const url of [
      '/api/transcripts/date/2026-02-30',
      '/api/transcripts/date/9999-99-99',
      '/api/transcripts/range/2026-01-01/2026-13-01',
      '/api/transcripts/range/2026-04-02/2026-04-01',
    ]) {
      const res = await c.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it("pages a day's and a range's transcripts in a stable order, refusing pages out of bounds", async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const aliceId = await userIdOf(h, 'alice');
    // 205 over three days, created in pairs at the same instant: the id breaks those ties.
    const days = ['2026-03-09', '2026-03-10', '2026-03-11'];
    await h.ctx.db
      .insertInto('transcripts')
      .values(
        Array.from({ length: 205 }, (_, i) => ({
          user_id: aliceId,
          date: days[i % 3] as string,
          title: `Meeting ${i}`,
          content: `Notes ${i}`,
          transcript_type: 'impromptu',
          created_at: new Date(Date.UTC(2026, 2, 9, 8) + Math.floor(i / 2) * 60_000).toISOString(),
        })),
      )
      .execute();
    const ordered = await h.ctx.db
      .selectFrom('transcripts')
      .select(['id', 'date'])
      .where('user_id', '=', aliceId)
      .orderBy('date')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const idsOf = (list: Array<{ id: number }>) => list.map((t) => t.id);
    const range = '/api/transcripts/range/2026-03-09/2026-03-11';

    const first = await get(c, range);
    expect(first).toHaveLength(TRANSCRIPT_PAGE_MAX);
    const rest = await get(c, `${range}?limit=${TRANSCRIPT_PAGE_MAX}&offset=${TRANSCRIPT_PAGE_MAX}`);
    expect([...idsOf(first), ...idsOf(rest)]).toEqual(idsOf(ordered));
    expect(await get(c, `${range}?offset=205`)).toEqual([]);
    // Smaller pages follow on from each other without gaps or overlaps, on a day as over a range.
    const day = ordered.filter((t) => t.date === '2026-03-10');
    const pages = [];
    for (let offset = 0; offset < day.length; offset += 7)
      pages.push(...(await get(c, `/api/transcripts/date/2026-03-10?limit=7&offset=${offset}`)));
    expect(idsOf(pages)).toEqual(idsOf(day));
    expect(idsOf(await get(c, `${range}?limit=5&offset=100`))).toEqual(idsOf(ordered.slice(100, 105)));

    for (const query of ['limit=0', `limit=${TRANSCRIPT_PAGE_MAX + 1}`, 'limit=x', 'offset=-1', 'offset=1000001']) {
      for (const url of [`${range}?${query}`, `/api/transcripts/date/2026-03-10?${query}`]) {
        const res = await c.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('fills the length and opening of transcripts saved before they were kept, and undoes cleanly', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const before = await add(c, { ...base, content: `${'b'.repeat(160)} older` });
    await summaryMigration.down(h.ctx.db as never);
    const edited = await c.request({
      method: 'PUT',
      url: `/api/transcripts/${before.id}`,
      payload: { ...base, content: `${'c'.repeat(170)} kiwi` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await summaryMigration.up(h.ctx.db as never);
    expect((await get(c, '/api/transcripts')).items[0]).toMatchObject({ characters: 175, excerpt: 'c'.repeat(150) });
    expect(JSON.stringify(await get(c, '/api/search?q=kiwi'))).toContain(`${before.id}`);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'moves the text to the end of the row on SQLite, keeping rows, ids, indexes and triggers, and undoes cleanly',
    async () => {
      h = await createHarness();
      const c = await createUserAndSignIn(h, 'alice');
      const db = h.ctx.db;
      const columnsOf = async () =>
        (await sql<{ name: string }>`select name from pragma_table_info('transcripts')`.execute(db)).rows.map(
          (r) => r.name,
        );
      const schemaOf = async () =>
        (
          await sql<{ type: string; name: string; sql: string }>`
          select type, name, sql from sqlite_master where tbl_name = 'transcripts' and type != 'table' order by name`.execute(
            db,
          )
        ).rows;
      const rows = () => db.selectFrom('transcripts').selectAll().orderBy('id').execute();
      expect((await columnsOf()).at(-1)).toBe('content');
      const schema = await schemaOf();
      expect(schema.filter((o) => o.type === 'trigger').length).toBeGreaterThanOrEqual(8);

      await textLastMigration.down(db as never);
      expect((await columnsOf()).indexOf('content')).toBe(4);
      const long = `${'🎉'.repeat(100)} ${'long meeting words '.repeat(10_000)}`;
      const kept = [await add(c, { ...base, title: 'Long', content: long }), await add(c, { ...base, title: 'Short' })];
      const gone = await add(c, { ...base, title: 'Gone' });
      expect((await c.request({ method: 'DELETE', url: `/api/transcripts/${gone.id}` })).statusCode).toBe(204);
      const before = await rows();

      await textLastMigration.up(db as never);
      expect((await columnsOf()).at(-1)).toBe('content');
      expect(await schemaOf()).toEqual(schema);
      const after = await rows();
      expect(after).toEqual(before);
      expect(Object.keys(after[0] ?? {}).at(-1)).toBe('content');
      expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([
        { integrity_check: 'ok' },
      ]);
      // Ids are never reused: the deleted one's id stays taken.
      const next = await add(c, { ...base, title: 'Next', content: 'zanzibar agenda' });
      expect(next.id).toBeGreaterThan(gone.id);
      // The triggers write as before: summaries and search follow saves and deletes.
      expect((await get(c, '/api/transcripts')).items.map((t: TranscriptSummary) => t.title)).toEqual([
        'Next',
        'Short',
        'Long',
      ]);
      expect((await get(c, '/api/transcripts')).items[2]).toMatchObject({ characters: [...long.trim()].length });
      expect(JSON.stringify(await get(c, '/api/search?q=zanzibar'))).toContain(`${next.id}`);
      await c.request({
        method: 'PUT',
        url: `/api/transcripts/${kept[1]?.id}`,
        payload: { ...base, content: 'okapi' },
      });
      expect(
        (await get(c, `/api/transcripts/date/${base.date}`)).find((t: TranscriptSummary) => t.id === kept[1]?.id),
      ).toMatchObject({ characters: 5, excerpt: 'okapi' });
      expect(JSON.stringify(await get(c, '/api/search?q=okapi'))).toContain(`${kept[1]?.id}`);
      expect((await c.request({ method: 'DELETE', url: `/api/transcripts/${next.id}` })).statusCode).toBe(204);
      expect(JSON.stringify(await get(c, '/api/search?q=zanzibar'))).not.toContain(`${next.id}`);
    },
  );

  it('updates with the same rules and deletes', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const t = await add(c);
    const put = await c.request({
      method: 'PUT',
      url: `/api/transcripts/${t.id}`,
      payload: { ...base, title: 'Retro', transcript_type: 'scheduled', context: 'Sprint 4' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      id: t.id,
      title: 'Retro',
      transcript_type: 'scheduled',
      created_at: t.created_at,
    });
    const invalid = await c.request({
      method: 'PUT',
      url: `/api/transcripts/${t.id}`,
      payload: { ...base, title: '' },
    });
    expect(invalid.json()).toEqual({ error: TRANSCRIPT_TEXT.titleRequired });
    expect((await get(c, `/api/transcripts/${t.id}`)).title).toBe('Retro');
    expect((await c.request({ method: 'DELETE', url: `/api/transcripts/${t.id}` })).statusCode).toBe(204);
    const again = await c.request({ method: 'DELETE', url: `/api/transcripts/${t.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: TRANSCRIPT_TEXT.notFound });
    const missing = await c.request({ method: 'PUT', url: '/api/transcripts/999999', payload: base });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps another user’s transcripts out of reach and out of lists', async () => {
    h = await createHarness();
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => (await add(owner)).id,
      requests: (id) => [
        { method: 'GET', url: `/api/transcripts/${id}` },
        { method: 'PUT', url: `/api/transcripts/${id}`, payload: { ...base, title: 'Hijack' } },
        { method: 'DELETE', url: `/api/transcripts/${id}` },
        { method: 'POST', url: `/api/transcripts/action-items/${id}` },
        { method: 'POST', url: `/api/transcripts/action-items/${id}/confirm`, payload: { items: ['steal'] } },
      ],
      stillThere: async (owner, id) => {
        expect((await get(owner, `/api/transcripts/${id}`)).title).toBe('Standup');
        expect(await get(owner, '/api/todos')).toEqual([]);
      },
    });
    const bob = await createUserAndSignIn(h, 'bob');
    expect(await get(bob, '/api/transcripts')).toEqual({ items: [], total: 0 });
    expect(await get(bob, '/api/transcripts/date/2026-03-10')).toEqual([]);
    expect(await get(bob, '/api/transcripts/range/2026-01-01/2026-12-31')).toEqual([]);
  });

  it('bulk-deletes 500 transcripts in one request, ignoring ids that are not the user’s', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    const bobs = await add(bob);
    const aliceId = await userIdOf(h, 'alice');
    const now = new Date().toISOString();
    await h.ctx.db
      .insertInto('transcripts')
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          user_id: aliceId,
          date: '2026-03-10',
          title: `T${i}`,
          content: 'c',
          transcript_type: 'impromptu',
          created_at: now,
        })),
      )
      .execute();
    const ids: number[] = [];
    for (let offset = 0; ids.length < 501; offset += TRANSCRIPT_PAGE_MAX) {
      const page = await get(alice, `/api/transcripts?limit=${TRANSCRIPT_PAGE_MAX}&offset=${offset}`);
      ids.push(...page.items.map((t: Transcript) => t.id));
    }
    const chosen = ids.slice(0, 500);
    const res = await alice.request({
      method: 'POST',
      url: '/api/transcripts/bulk-delete',
      payload: { ids: [...chosen, chosen[0], bobs.id, 99_999_999] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 500 });
    expect((await get(alice, '/api/transcripts')).total).toBe(1);
    expect((await get(bob, `/api/transcripts/${bobs.id}`)).id).toBe(bobs.id);
    for (const payload of [{ ids: [] }, { ids: ['x'] }, { ids: [1.5] }, { ids: Array(1001).fill(1) }, {}]) {
      const bad = await alice.request({ method: 'POST', url: '/api/transcripts/bulk-delete', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: expect.any(String) });
    }
    expect((await get(alice, '/api/transcripts')).total).toBe(1);
  });

  it('documents every route with an operationId, tags and its error statuses', async () => {
    h = await createHarness();
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.startsWith('/api/transcripts'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(ops.map((o) => o.operationId).sort()).toEqual([
      'transcripts.actionItems',
      'transcripts.bulkDelete',
      'transcripts.byDate',
      'transcripts.confirmActionItems',
      'transcripts.create',
      'transcripts.delete',
      'transcripts.get',
      'transcripts.import',
      'transcripts.list',
      'transcripts.range',
      'transcripts.summaries',
      'transcripts.update',
    ]);
    for (const o of ops) {
      expect(o.tags).toEqual(['transcripts']);
      expect(Object.keys(o.responses as object)).toEqual(expect.arrayContaining(['400', '401']));
    }
  });
});
