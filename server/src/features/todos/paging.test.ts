import { afterEach, describe, expect, it } from 'vitest';
import {
  TODO_OPEN_MAX,
  TODOS_DONE_PAGE_DEFAULT,
  TODOS_DONE_PAGE_MAX,
  TODOS_OPEN_FULL,
  TODOS_PAGE_ONLY_DONE,
  todosResponse,
} from '#common/api/todos.js';
import { HttpError } from '../../http/errors.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { listTodos, type TodoFilter } from './repo.js';
import { createTodos } from './service.js';

let h: Harness;
afterEach(async () => h?.close());

type Listed = { id: number; content: string; completed: boolean; completed_at: string | null };

/** Done todos whose completion times tie in pairs, inserted in a shuffled order, oldest done at i = 0. */
function doneRows(userId: number, count: number, prefix: string) {
  const order = Array.from({ length: count }, (_, i) => (i * 37) % count);
  return order.map((i) => {
    const at = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 2) * 3_600_000).toISOString();
    return { user_id: userId, content: `${prefix} ${i}`, completed: 1, completed_at: at, created_at: at };
  });
}

describe('todo paging', () => {
  it('answers every list with the same bytes as the route’s serialiser writes from the rows, whatever the todos hold', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const a = await userIdOf(h, 'alice');
    const texts = ['a"b\\c', '\u0001\b\t\n\f\r\u001f\u007f', '\u2028\u2029 é 😀', '</script>', 'x'.repeat(5000)];
    const now = new Date().toISOString();
    await h.ctx.db
      .insertInto('todos')
      .values([
        ...doneRows(a, 12, 'done'),
        ...texts.map((content) => ({ user_id: a, content, completed: 1, completed_at: now, created_at: now })),
        ...texts.map((content) => ({ user_id: a, content, completed: 0, completed_at: null, created_at: now })),
      ])
      .execute();
    const write = compileResponseSerializer(todosResponse);
    const cases: Array<[string, TodoFilter]> = [
      ['?completed=true', { completed: true }],
      ['?completed=true&limit=4&offset=3', { completed: true, limit: 4, offset: 3 }],
      ['?completed=true&offset=100', { completed: true, offset: 100 }],
      ['', {}],
      ['?completed=false', { completed: false }],
    ];
    for (const [query, filter] of cases) {
      const res = await alice.request({ method: 'GET', url: `/api/todos${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body, query).toBe(write(await listTodos(h.ctx.db, a, filter)));
    }
  });

  it('pages the done history newest first with a default and a maximum, ties broken by id', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    await createUserAndSignIn(h, 'bob');
    const a = await userIdOf(h, 'alice');
    const b = await userIdOf(h, 'bob');
    const count = TODOS_DONE_PAGE_DEFAULT + 31; // 131: odd, so the last page is short
    await h.ctx.db
      .insertInto('todos')
      .values(doneRows(a, count, 'done'))
      .execute();
    await h.ctx.db
      .insertInto('todos')
      .values(doneRows(b, 20, 'bob'))
      .execute();
    await h.ctx.db
      .insertInto('todos')
      .values({ user_id: a, content: 'open one', completed: 0, completed_at: null, created_at: '2024-01-01T00:00:00Z' })
      .execute();

    const list = async (query: string) => {
      const res = await alice.request({ method: 'GET', url: `/api/todos?completed=true${query}` });
      expect(res.statusCode, query).toBe(200);
      return res.json() as Listed[];
    };
    const first = await list('');
    expect(first).toHaveLength(TODOS_DONE_PAGE_DEFAULT);
    const rest = await list(`&offset=${TODOS_DONE_PAGE_DEFAULT}`);
    expect(rest).toHaveLength(31);
    const all = [...first, ...rest];
    expect(all.every((t) => t.completed && t.content.startsWith('done '))).toBe(true);
    expect(new Set(all.map((t) => t.id)).size).toBe(count);
    // Newest completion first; equal times by id, newest id first.
    const expected = [...all].sort((x, y) =>
      x.completed_at === y.completed_at ? y.id - x.id : (y.completed_at ?? '') < (x.completed_at ?? '') ? -1 : 1,
    );
    expect(all.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    expect(all[0]?.content).toBe(`done ${count - 1}`);
    expect(all.at(-1)?.content).toBe('done 0');

    // Small pages walk the same order, whatever the page size.
    const walked: number[] = [];
    for (let offset = 0; offset < count; offset += 9)
      walked.push(...(await list(`&limit=9&offset=${offset}`)).map((t) => t.id));
    expect(walked).toEqual(all.map((t) => t.id));
    expect(await list(`&limit=${TODOS_DONE_PAGE_MAX}`)).toHaveLength(count);
    expect(await list(`&offset=${count}`)).toEqual([]);

    // Bob's page is his own.
    const bobs = (await listTodos(h.ctx.db, b, { completed: true, limit: TODOS_DONE_PAGE_MAX })).map((t) => t.content);
    expect(bobs).toHaveLength(20);
    expect(bobs.every((c) => c.startsWith('bob '))).toBe(true);

    for (const bad of [`&limit=${TODOS_DONE_PAGE_MAX + 1}`, '&limit=0', '&offset=-1', '&limit=abc']) {
      const res = await alice.request({ method: 'GET', url: `/api/todos?completed=true${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('returns the open lists whole and refuses a page of them', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    await createUserAndSignIn(h, 'bob');
    const a = await userIdOf(h, 'alice');
    const b = await userIdOf(h, 'bob');
    const at = '2024-05-01T08:00:00.000Z';
    // 150 open todos created at the same instant: the order breaks the tie by id.
    const open = Array.from({ length: 150 }, (_, i) => ({
      user_id: a,
      content: `open ${i}`,
      completed: 0,
      completed_at: null,
      created_at: at,
    }));
    await h.ctx.db.insertInto('todos').values(open).execute();
    await h.ctx.db
      .insertInto('todos')
      .values(doneRows(a, 300, 'old'))
      .execute();
    await h.ctx.db
      .insertInto('todos')
      .values({ ...open[0], user_id: b, content: 'bob open' } as (typeof open)[number])
      .execute();

    for (const query of ['', '?completed=false', '?overdue=true']) {
      const res = await alice.request({ method: 'GET', url: `/api/todos${query}` });
      expect(res.statusCode, query).toBe(200);
      const listed = res.json() as Listed[];
      expect(
        listed.map((t) => t.content),
        query,
      ).toEqual(open.map((t) => t.content));
      const ids = listed.map((t) => t.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
    for (const query of ['?limit=10', '?offset=10', '?completed=false&limit=10', '?overdue=true&offset=1']) {
      const res = await alice.request({ method: 'GET', url: `/api/todos${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: TODOS_PAGE_ONLY_DONE });
    }
  });

  it(`bounds the list as shown at ${TODO_OPEN_MAX} open todos, the oldest first`, async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const a = await userIdOf(h, 'alice');
    const rows = Array.from({ length: TODO_OPEN_MAX + 1 }, (_, i) => ({
      user_id: a,
      content: `open ${i}`,
      completed: 0,
      completed_at: null,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await h.ctx.db
        .insertInto('todos')
        .values(rows.slice(i, i + 500))
        .execute();
    const listed = (await alice.request({ method: 'GET', url: '/api/todos' })).json() as Listed[];
    expect(listed).toHaveLength(TODO_OPEN_MAX);
    expect(listed[0]?.content).toBe('open 0');
    expect(listed.at(-1)?.content).toBe(`open ${TODO_OPEN_MAX - 1}`);
  });

  it(`refuses every write that would leave more than ${TODO_OPEN_MAX} open todos, and changes nothing`, async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const a = await userIdOf(h, 'alice');
    const rows: Array<{
      user_id: number;
      content: string;
      completed: number;
      completed_at: string | null;
      created_at: string;
    }> = Array.from({ length: TODO_OPEN_MAX - 1 }, (_, i) => ({
      user_id: a,
      content: `open ${i}`,
      completed: 0,
      completed_at: null,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
    }));
    rows.push({
      user_id: a,
      content: 'done once',
      completed: 1,
      completed_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
    });
    for (let i = 0; i < rows.length; i += 500)
      await h.ctx.db
        .insertInto('todos')
        .values(rows.slice(i, i + 500))
        .execute();
    const list = async () => (await alice.request({ method: 'GET', url: '/api/todos' })).json() as Listed[];
    const full = { error: TODOS_OPEN_FULL };

    // The last free place can be taken; the next open todo cannot.
    const last = await alice.request({ method: 'POST', url: '/api/todos', payload: { content: 'the last one' } });
    expect(last.statusCode).toBe(201);
    const over = await alice.request({ method: 'POST', url: '/api/todos', payload: { content: 'one too many' } });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(full);
    // A todo added already done takes no open place.
    const done = await alice.request({
      method: 'POST',
      url: '/api/todos',
      payload: { content: 'done at once', completed: true },
    });
    expect(done.statusCode).toBe(201);
    const before = await list();
    expect(before.filter((t) => !t.completed)).toHaveLength(TODO_OPEN_MAX);

    // Reopening a done todo, a checklist with a new line, several todos at once (MCP) and the
    // meeting's action items are refused alike, each rolled back whole.
    const doneOnce = before.find((t) => t.content === 'done once') as Listed;
    const reopen = await alice.request({
      method: 'PATCH',
      url: `/api/todos/${doneOnce.id}`,
      payload: { completed: false },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual(full);
    const text = `${before.map((t) => `- [${t.completed ? 'x' : ' '}] ${t.content}`).join('\n')}\n- [ ] a new line`;
    const checklist = await alice.request({ method: 'PUT', url: '/api/todos/checklist', payload: { text } });
    expect(checklist.statusCode, checklist.body).toBe(409);
    expect(checklist.json()).toEqual(full);
    await expect(createTodos(h.ctx.db, a, ['from a tool', 'and another'])).rejects.toEqual(
      new HttpError(409, TODOS_OPEN_FULL),
    );
    const meeting = await alice.request({
      method: 'POST',
      url: '/api/transcripts',
      payload: { title: 'Standup', date: '2026-11-23', content: 'We talked.' },
    });
    expect(meeting.statusCode, meeting.body).toBe(201);
    const items = await alice.request({
      method: 'POST',
      url: `/api/transcripts/action-items/${meeting.json().id}/confirm`,
      payload: { items: ['Send the notes'] },
    });
    expect(items.statusCode).toBe(409);
    expect(items.json()).toEqual(full);
    expect(await list()).toEqual(before);

    // Completing one frees a place.
    const first = before[0] as Listed;
    expect(
      (await alice.request({ method: 'PATCH', url: `/api/todos/${first.id}`, payload: { completed: true } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await alice.request({ method: 'POST', url: '/api/todos', payload: { content: 'now it fits' } })).statusCode,
    ).toBe(201);
  });

  it('lists the todos done since a time (the weekly review)', async () => {
    h = await createHarness();
    await createUserAndSignIn(h, 'alice');
    const a = await userIdOf(h, 'alice');
    await h.ctx.db
      .insertInto('todos')
      .values(doneRows(a, 40, 'done'))
      .execute();
    // doneRows completes two todos an hour from 2024-01-01T00:00Z: 10:00 onwards is done 20..39.
    const since = await listTodos(h.ctx.db, a, {
      completed: true,
      completedSince: '2024-01-01T10:00:00.000Z',
      limit: TODOS_DONE_PAGE_MAX,
    });
    expect(since.map((t) => t.content).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `done ${i + 20}`).sort());
  });
});
