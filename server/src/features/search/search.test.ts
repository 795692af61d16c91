import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_CANDIDATES, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX } from '#common/api/search.js';
import * as prefixIndex from '../../db/migrations/0023_search_prefix.js';
import * as ownerIndex from '../../db/migrations/0035_search_owner.js';
import { SEARCH_PENDING_LIST_KB } from '../../db/migrations/0037_search_pending_list.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { plannableWeek } from '../../test/weeks.js';
import { tidySearchIndex } from './tidy.js';

let h: Harness;
afterEach(async () => h?.close());

interface Hit {
  type: string;
  id: number;
  date: string;
  title: string;
  snippet: Array<{ text: string; match: boolean }>;
}

const find = async (c: Client, q: string, extra = '') => {
  const res = await c.request({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as Hit[];
};
const journal = async (c: Client, journal_type: string, date: string, content: string) => {
  const res = await c.request({
    method: 'POST',
    url: '/api/personal-journal',
    payload: { journal_type, date, content },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: number };
};
const matches = (hit: Hit) => hit.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase());

describe('search', () => {
  it('finds daily notes, notes, weekly plans, transcripts and todos with dates, titles and highlighted snippets', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const daily = await journal(c, 'daily', '2026-03-02', '## Daily Journal\nWalked along the harbour at dawn.');
    const note = await journal(c, 'note', '2026-03-03', 'Harbour project\nIdeas for the harbour festival.');
    // A plan may be written only while its week lasts: the week planned now (the user's zone is UTC here).
    const weekly = await journal(c, 'weekly_planning', plannableWeek(), 'Finish the harbour proposal this week.');
    const t = await c.request({ method: 'POST', url: '/api/todos', payload: { content: 'Email the harbour master' } });
    const [tr] = await h.ctx.db
      .insertInto('transcripts')
      .values({
        user_id: await userIdOf(h, 'alice'),
        date: '2026-03-04',
        title: 'Harbour planning call',
        content: 'We agreed on the budget.',
        transcript_type: 'impromptu',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .execute();

    const hits = await find(c, 'harbour');
    expect(hits.map((x) => `${x.type}:${x.id}`).sort()).toEqual(
      [
        `daily:${daily.id}`,
        `note:${note.id}`,
        `weekly:${weekly.id}`,
        `todo:${t.json().id}`,
        `transcript:${tr?.id}`,
      ].sort(),
    );
    const byType = Object.fromEntries(hits.map((x) => [x.type, x]));
    expect(byType.note).toMatchObject({ title: 'Harbour project', date: '2026-03-03' });
    expect(byType.daily).toMatchObject({ title: 'Daily Journal', date: '2026-03-02' });
    expect(byType.weekly?.title).toBe('Weekly Planning');
    expect(byType.transcript).toMatchObject({ title: 'Harbour planning call', date: '2026-03-04' });
    expect(byType.todo?.title).toBe('Email the harbour master');
    expect(matches(byType.daily as Hit)).toEqual(['harbour']);
    expect((byType.daily as Hit).snippet.map((p) => p.text).join('')).toContain('Walked along the harbour at dawn');

    // Type filter and limit.
    expect((await find(c, 'harbour', '&type=todo')).map((x) => x.type)).toEqual(['todo']);
    expect(await find(c, 'harbour', '&limit=2')).toHaveLength(2);
    // Stemming and prefix on the last word.
    expect((await find(c, 'walking')).map((x) => x.id)).toEqual([daily.id]);
    expect((await find(c, 'festi')).map((x) => x.id)).toEqual([note.id]);
    // Every word must match.
    expect((await find(c, 'harbour budget')).map((x) => x.type)).toEqual(['transcript']);
  });

  it('ranks the entry that says it most and in its title first', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const once = await journal(c, 'note', '2026-01-05', 'Groceries\nbread, and a kayak magazine, milk, eggs, cheese');
    const often = await journal(c, 'note', '2026-01-01', 'Kayak trip\nkayak kayak: paddles, kayak rack');
    const hits = await find(c, 'kayak');
    expect(hits.map((x) => x.id)).toEqual([often.id, once.id]);
  });

  it('reflects updates and deletes at once', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    await journal(c, 'daily', '2026-03-02', 'Thinking about zebras.');
    expect(await find(c, 'zebras')).toHaveLength(1);
    await journal(c, 'daily', '2026-03-02', 'Thinking about giraffes.');
    expect(await find(c, 'zebras')).toEqual([]);
    expect(await find(c, 'giraffes')).toHaveLength(1);

    const t = (await c.request({ method: 'POST', url: '/api/todos', payload: { content: 'repaint fence' } })).json();
    expect(await find(c, 'fence')).toHaveLength(1);
    await c.request({ method: 'PATCH', url: `/api/todos/${t.id}`, payload: { content: 'repaint shed' } });
    expect(await find(c, 'fence')).toEqual([]);
    await c.request({ method: 'DELETE', url: `/api/todos/${t.id}` });
    expect(await find(c, 'shed')).toEqual([]);
  });

  it('ranks, filters and breaks ties by the owner, type and date of the latest write', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    const transcript = async (date: string) => {
      const res = await c.request({
        method: 'POST',
        url: '/api/transcripts',
        payload: { title: 'Harbour walk', date, content: 'We talked about lighthouses.' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    // Equal matches come newest first by date.
    const older = await transcript('2026-03-01');
    const newer = await transcript('2026-03-05');
    expect((await find(c, 'lighthouses')).map((x) => x.id)).toEqual([newer.id, older.id]);
    // Moving the older one past the other turns the order round.
    const put = await c.request({
      method: 'PUT',
      url: `/api/transcripts/${older.id}`,
      payload: { title: 'Harbour walk', date: '2026-03-09', content: 'We talked about lighthouses.' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const moved = await find(c, 'lighthouses');
    expect(moved.map((x) => [x.id, x.date])).toEqual([
      [older.id, '2026-03-09'],
      [newer.id, '2026-03-05'],
    ]);
    // The type filter reads the same place; another user never finds them.
    expect(await find(c, 'lighthouses', '&type=todo')).toEqual([]);
    expect(await find(c, 'lighthouses', '&type=transcript')).toHaveLength(2);
    expect(await find(bob, 'lighthouses')).toEqual([]);
    await c.request({ method: 'DELETE', url: `/api/transcripts/${newer.id}` });
    expect((await find(c, 'lighthouses')).map((x) => x.id)).toEqual([older.id]);
    if (h.ctx.dialect === 'sqlite') {
      // SQLite ranks from the table beside the index (0022_search_meta): one row per document.
      const counts = await sql<{ docs: number; meta: number }>`SELECT
        (SELECT count(*) FROM search_index) AS docs, (SELECT count(*) FROM search_index_meta) AS meta`.execute(
        h.ctx.db,
      );
      expect(counts.rows[0]?.meta).toBe(counts.rows[0]?.docs);
    }
  });

  it('never errors on odd queries and never returns another user’s text', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await journal(alice, 'note', '2026-03-02', 'secret "plans" AND NEAR(x y) title:foo -bar * ^ OR');
    for (const q of [
      '"',
      '"unbalanced',
      'AND',
      'OR NOT',
      'NEAR(a b)',
      'title:foo',
      "* ^ - + ( ) { } : '",
      "a' OR 1=1 --",
      '&|!<->:*',
      '',
      '   ',
      'ü ß 東京 🙂',
      'x'.repeat(500),
      'the',
    ]) {
      await find(alice, q);
    }
    expect((await find(alice, '"plans" AND near(x')).length).toBe(1);
    expect(await find(bob, 'secret')).toEqual([]);
    const long = await alice.request({ method: 'GET', url: `/api/search?q=${'x'.repeat(501)}` });
    expect(long.statusCode).toBe(400);
    expect((await alice.request({ method: 'GET', url: '/api/search?q=a&type=nope' })).statusCode).toBe(400);
    expect((await alice.request({ method: 'GET', url: '/api/search?q=a&limit=0' })).statusCode).toBe(400);
  });

  it('pages through the best of the most recent matches: default, maximum, next page, stable order', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    const alice = await userIdOf(h, 'alice');
    // More matching todos than are ranked, oldest first, two a day; every one matches equally.
    const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 2) * 86_400_000).toISOString();
    const extra = 10;
    await h.ctx.db
      .insertInto('todos')
      .values(
        Array.from({ length: SEARCH_CANDIDATES + extra }, (_, i) => ({
          user_id: alice,
          content: `Call the plumber ${i}`,
          completed: 0,
          created_at: day(i),
        })),
      )
      .execute();
    await h.ctx.db
      .insertInto('todos')
      .values({ user_id: await userIdOf(h, 'bob'), content: 'plumber for bob', completed: 0, created_at: day(0) })
      .execute();

    expect(await find(c, 'plumber')).toHaveLength(SEARCH_LIMIT_DEFAULT);
    expect(await find(c, 'plumber', `&limit=${SEARCH_LIMIT_MAX}`)).toHaveLength(SEARCH_LIMIT_MAX);
    for (const bad of [`limit=${SEARCH_LIMIT_MAX + 1}`, `offset=${SEARCH_OFFSET_MAX + 1}`, 'offset=-1', 'offset=x']) {
      const res = await c.request({ method: 'GET', url: `/api/search?q=plumber&${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBeTruthy();
    }

    // Pages follow each other without overlap, and the same page comes back in the same order.
    const seen: string[] = [];
    const titles = new Set<string>();
    for (let offset = 0; offset < SEARCH_CANDIDATES; offset += SEARCH_LIMIT_MAX) {
      const page = await find(c, 'plumber', `&limit=${SEARCH_LIMIT_MAX}&offset=${offset}`);
      expect(page).toHaveLength(SEARCH_LIMIT_MAX);
      seen.push(...page.map((x) => `${x.type}:${x.id}`));
      for (const x of page) titles.add(x.title);
    }
    expect(await find(c, 'plumber', `&offset=${SEARCH_OFFSET_MAX}`)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(SEARCH_CANDIDATES);
    const again = await find(c, 'plumber', '&limit=50&offset=100');
    expect(again.map((x) => x.id)).toEqual(seen.slice(100, 150).map((k) => Number(k.split(':')[1])));
    // The most recent matches are the ones ranked: the oldest are left out.
    expect(titles.has(`Call the plumber ${SEARCH_CANDIDATES + extra - 1}`)).toBe(true);
    expect(titles.has('Call the plumber 0')).toBe(false);
    // Another user's matches never show, and theirs are their own.
    expect([...titles].some((t) => t.includes('bob'))).toBe(false);
    expect((await find(bob, 'plumber')).map((x) => x.title)).toEqual(['plumber for bob']);
  });

  it('draws the snippet from around a match deep in a long text, however the word is written', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i % 50}`).join(' ');
    for (const [date, word] of [
      ['2026-03-02', 'lighthouse'],
      ['2026-03-03', 'Lighthouse'],
      ['2026-03-04', 'LIGHTHOUSES'],
    ] as const)
      await journal(c, 'note', date, `Entry ${date}\n${filler(2000)} the ${word} keeper ${filler(300)}`);
    const hits = await find(c, 'lighthouse');
    expect(hits.map((x) => x.date).sort()).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    for (const hit of hits) {
      expect(matches(hit)).toEqual([expect.stringMatching(/^lighthouses?$/)]);
      expect(hit.snippet.map((p) => p.text).join('')).toContain('keeper');
    }
  });

  it('tidying the index merges its segments and changes no result', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    // One write at a time: each adds a segment to the SQLite index.
    for (let i = 0; i < 80; i++) {
      await journal(
        c,
        'note',
        `2026-02-${String((i % 28) + 1).padStart(2, '0')}`,
        `Harbour log ${i}\nboats ${'harbour '.repeat(i % 7)}`,
      );
      await c.request({ method: 'POST', url: '/api/todos', payload: { content: `Harbour errand ${i}` } });
    }
    await journal(bob, 'note', '2026-02-01', 'Harbour of bob');
    const queries = ['harbour', 'harb', 'boats', 'errand 7', 'harbour log 42'];
    const before = await Promise.all(queries.map((q) => find(c, q, '&limit=100')));
    const segments = async () =>
      (await sql<{ n: number }>`SELECT count(*) AS n FROM search_index_data`.execute(h.ctx.db)).rows[0]?.n;
    const pagesBefore = h.ctx.dialect === 'sqlite' ? await segments() : 0;

    const steps = await tidySearchIndex(h.ctx.db, h.ctx.dialect);
    expect(await Promise.all(queries.map((q) => find(c, q, '&limit=100')))).toEqual(before);
    if (h.ctx.dialect === 'sqlite') {
      const changes = async () =>
        Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(h.ctx.db)).rows[0]?.n);
      // One segment is left: FTS5's full merge finds nothing to do (a step that did work changes
      // at least two rows), and FTS5's own check finds the index true to its content.
      const merged = async () => {
        const changedBefore = await changes();
        await sql`INSERT INTO search_index(search_index, rank) VALUES ('merge', -100000)`.execute(h.ctx.db);
        expect((await changes()) - changedBefore).toBeLessThan(2);
        await sql`INSERT INTO search_index(search_index) VALUES ('integrity-check')`.execute(h.ctx.db);
      };
      expect(steps).toBeGreaterThan(1);
      expect(await segments()).toBeLessThan(pagesBefore as number);
      await merged();
      expect(await tidySearchIndex(h.ctx.db, h.ctx.dialect)).toBe(1);
      // Two more writes leave a small segment beside the merged one, on another level: merged too.
      await journal(c, 'note', '2026-02-27', 'Harbour late entry');
      await journal(c, 'note', '2026-02-28', 'Harbour later entry');
      expect(await tidySearchIndex(h.ctx.db, h.ctx.dialect)).toBeGreaterThan(1);
      await merged();
      expect((await find(c, 'late')).map((x) => x.title).sort()).toEqual(['Harbour late entry', 'Harbour later entry']);
      // Writes while it runs are kept and found.
      await Promise.all([
        tidySearchIndex(h.ctx.db, h.ctx.dialect),
        ...Array.from({ length: 10 }, (_, i) => journal(c, 'note', `2026-01-${10 + i}`, `Quay note ${i}`)),
      ]);
      await sql`INSERT INTO search_index(search_index) VALUES ('integrity-check')`.execute(h.ctx.db);
      expect(await find(c, 'quay', '&limit=100')).toHaveLength(10);
    } else {
      expect(steps).toBe(0);
    }
    expect((await find(bob, 'harbour')).map((x) => x.title)).toEqual(['Harbour of bob']);
  });

  it('the prefix and owner indexes keep every document and answer, and the index follows writes after them', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    const ddl = async () =>
      (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'search_index'`.execute(h.ctx.db)).rows[0]
        ?.sql;
    if (h.ctx.dialect === 'sqlite') {
      // The index without prefixes (its owner indexed, as searches name it), with documents
      // written into it.
      await prefixIndex.remakeSearchIndex(h.ctx.db as unknown as Kysely<unknown>, ownerIndex.INDEXED_OWNER, '');
      expect(await ddl()).not.toContain('prefix');
    }
    for (let i = 0; i < 30; i++) {
      await journal(
        c,
        'note',
        `2026-04-${String((i % 28) + 1).padStart(2, '0')}`,
        `Meeting ${i} about the quarry with the quarrymasters`,
      );
      await c.request({ method: 'POST', url: '/api/todos', payload: { content: `Meet the mason ${i}` } });
    }
    await journal(bob, 'note', '2026-04-01', 'Meeting of bob');
    // Prefixes of every length the index holds and longer ones, whole words, and several words.
    const queries = ['m', 'me', 'mee', 'meet', 'meeti', 'meetin', 'meeting', 'quarrymas', 'quarrymast', 'mason'];
    queries.push('masonry', 'about the q', 'meetings 12');
    const before = await Promise.all(queries.map((q) => find(c, q, '&limit=100')));
    expect(before[3]).toHaveLength(60);
    // The way an installation from before both comes: prefixes added, then the owner indexed
    // (PostgreSQL: the documents' vectors made again without their owner, then with it).
    if (h.ctx.dialect === 'postgres') await ownerIndex.down(h.ctx.db as unknown as Kysely<unknown>);
    await prefixIndex.up(h.ctx.db as unknown as Kysely<unknown>);
    if (h.ctx.dialect === 'sqlite') expect(await ddl()).toContain('user_id UNINDEXED');
    await ownerIndex.up(h.ctx.db as unknown as Kysely<unknown>);
    if (h.ctx.dialect === 'sqlite') {
      expect(await ddl()).toContain("prefix = '1 2 3 4 5 6 7 8'");
      expect(await ddl()).not.toContain('user_id UNINDEXED');
      await sql`INSERT INTO search_index(search_index) VALUES ('integrity-check')`.execute(h.ctx.db);
    }
    expect(await Promise.all(queries.map((q) => find(c, q, '&limit=100')))).toEqual(before);
    expect((await find(bob, 'mee')).map((x) => x.title)).toEqual(['Meeting of bob']);
    // The owner's number is no word of theirs.
    expect(await find(bob, String(await userIdOf(h, 'bob')))).toEqual([]);
    // The triggers still write to the index made again.
    await journal(c, 'note', '2026-05-01', 'Meetup at the quarry gate');
    expect((await find(c, 'meetu')).map((x) => x.title)).toEqual(['Meetup at the quarry gate']);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: a search reads a bounded part of the words not yet sorted into the index, however much was written',
    async () => {
      h = await createHarness();
      const c = await createUserAndSignIn(h, 'alice');
      await journal(c, 'note', '2026-03-02', 'Kestrel over the quarry');
      const db = h.ctx.db;
      // Vacuum would sort the pending words in at any moment: not during this test.
      await sql`ALTER TABLE search_index SET (autovacuum_enabled = false)`.execute(db);
      /** Pages of the search index a search for alice's rare word reads (the pending list whole). */
      const pagesRead = async () => {
        const uid = await userIdOf(h, 'alice');
        type Node = {
          'Index Name'?: string;
          'Shared Hit Blocks'?: number;
          'Shared Read Blocks'?: number;
          Plans?: Node[];
        };
        const walk = (n: Node): number =>
          (n['Index Name'] === 'search_index_tsv_idx'
            ? (n['Shared Hit Blocks'] ?? 0) + (n['Shared Read Blocks'] ?? 0)
            : 0) + (n.Plans ?? []).reduce((sum, p) => sum + walk(p), 0);
        // The word index alone (a few rows of alice's would otherwise be read by the user's index).
        const plan = await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          return sql<{ 'QUERY PLAN': Array<{ Plan: Node }> }>`
            EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT ref_id FROM search_index
            WHERE tsv @@ (to_tsquery('english', 'kestrel') && CAST(${ownerIndex.ownerLexeme(uid)} AS tsquery))`.execute(
            trx,
          );
        });
        const root = plan.rows[0]?.['QUERY PLAN'][0]?.Plan;
        expect(root).toBeDefined();
        return walk(root as Node);
      };
      /** Other accounts' writes: 400 documents of 300 different words each, some 1.5 MB of index entries. */
      const othersWrite = async (from: number) => {
        await createUserAndSignIn(h, `bob${from}`);
        const bob = await userIdOf(h, `bob${from}`);
        await sql`
          INSERT INTO search_index (source, ref_id, user_id, kind, date, title, body)
          SELECT 'journal', ${from} + i, ${bob}, 'note', '2026-03-01', 'Note ' || i,
            (SELECT string_agg('w' || i || 'x' || j, ' ') FROM generate_series(1, 300) j)
          FROM generate_series(1, 400) i`.execute(db);
      };
      const page = 8;
      await othersWrite(1_000_000);
      expect((await find(c, 'kestrel')).map((x) => x.title)).toEqual(['Kestrel over the quarry']);
      // At most the pending list's limit, and the sorted index's few pages for one word.
      expect(await pagesRead()).toBeLessThan(SEARCH_PENDING_LIST_KB / page + 10);
      // With PostgreSQL's default limit (4 MB) the same writes stay pending and every search reads them.
      await sql`ALTER INDEX search_index_tsv_idx RESET (gin_pending_list_limit)`.execute(db);
      await sql`SELECT gin_clean_pending_list('search_index_tsv_idx')`.execute(db);
      await othersWrite(2_000_000);
      expect(await pagesRead()).toBeGreaterThan(SEARCH_PENDING_LIST_KB / page + 50);
    },
    60_000,
  );
});
