import { afterEach, describe, expect, it } from 'vitest';
import { TODO_TEXT } from '#common/journalConstants.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { listTodos } from './repo.js';

let h: Harness;
afterEach(async () => h?.close());

const add = async (c: Client, content: string) => {
  const res = await c.request({ method: 'POST', url: '/api/todos', payload: { content } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; content: string; completed: boolean; completed_at: string | null };
};
const list = async (c: Client, query = '') => {
  const res = await c.request({ method: 'GET', url: `/api/todos${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ id: number; content: string; completed: boolean }>;
};

describe('todos', () => {
  it('creates, completes, reopens and deletes a todo', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const t = await add(c, '  buy milk  ');
    expect(t).toMatchObject({ content: 'buy milk', completed: false, completed_at: null });

    const done = await c.request({ method: 'PATCH', url: `/api/todos/${t.id}`, payload: { completed: true } });
    expect(done.statusCode).toBe(200);
    expect(done.json().completed).toBe(true);
    expect(Date.parse(done.json().completed_at)).not.toBeNaN();

    const reopened = await c.request({ method: 'PATCH', url: `/api/todos/${t.id}`, payload: { completed: false } });
    expect(reopened.json()).toMatchObject({ completed: false, completed_at: null });

    const del = await c.request({ method: 'DELETE', url: `/api/todos/${t.id}` });
    expect(del.statusCode).toBe(204);
    expect(await list(c)).toEqual([]);
    const again = await c.request({ method: 'DELETE', url: `/api/todos/${t.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: TODO_TEXT.notFound });
  });

  it('refuses empty content', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    for (const payload of [{ content: '   ' }, { content: '' }]) {
      const res = await c.request({ method: 'POST', url: '/api/todos', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: TODO_TEXT.contentRequired });
    }
    const t = await add(c, 'x');
    const res = await c.request({ method: 'PATCH', url: `/api/todos/${t.id}`, payload: {} });
    expect(res.statusCode).toBe(400);
  });

  it('lists open before completed, then by creation, hiding todos done over 24 hours ago', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const a = await add(c, 'a');
    const b = await add(c, 'b');
    const old = await add(c, 'old');
    await add(c, 'd');
    await c.request({ method: 'PATCH', url: `/api/todos/${a.id}`, payload: { completed: true } });
    await c.request({ method: 'PATCH', url: `/api/todos/${old.id}`, payload: { completed: true } });
    const longAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await h.ctx.db.updateTable('todos').set({ completed_at: longAgo }).where('id', '=', old.id).execute();

    expect((await list(c)).map((t) => t.content)).toEqual(['b', 'd', 'a']);
    expect((await list(c, '?completed=false')).map((t) => t.content)).toEqual(['b', 'd']);
    expect((await list(c, '?completed=true')).map((t) => t.content)).toEqual(['a', 'old']);
    expect(b.completed).toBe(false);
  });

  it('lists open todos created before today as overdue', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const stale = await add(c, 'stale');
    await add(c, 'fresh');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await h.ctx.db.updateTable('todos').set({ created_at: yesterday }).where('id', '=', stale.id).execute();
    expect((await list(c, '?overdue=true')).map((t) => t.content)).toEqual(['stale']);
    const userId = await userIdOf(h, 'alice');
    expect((await listTodos(h.ctx.db, userId, { overdue: true })).map((t) => t.content)).toEqual(['stale']);
  });

  it("keeps each user's todos to themselves", async () => {
    h = await createHarness();
    const bob = await createUserAndSignIn(h, 'bob');
    await add(bob, 'bob only');
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => (await add(owner, 'mine')).id,
      requests: (id) => [
        { method: 'PATCH', url: `/api/todos/${id}`, payload: { completed: true } },
        { method: 'DELETE', url: `/api/todos/${id}` },
      ],
      stillThere: async (owner, id) => {
        const todos = await list(owner);
        expect(todos).toEqual([expect.objectContaining({ id, content: 'mine', completed: false })]);
      },
    });
    expect((await list(bob)).map((t) => t.content)).toEqual(['bob only']);
  });

  it('applies a whole edited checklist in one request and returns the new list', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await add(bob, 'bob keeps this');
    const keep = await add(alice, 'Keep me');
    const gone = await add(alice, 'Delete me');
    const put = (text: string) => alice.request({ method: 'PUT', url: '/api/todos/checklist', payload: { text } });

    const res = await put('- [x] Keep me\nNew one\n- [ ] Another\nNew one\n');
    expect(res.statusCode).toBe(200);
    const after = res.json() as Array<{ id: number; content: string; completed: boolean; completed_at: string | null }>;
    expect(after.map((t) => [t.content, t.completed])).toEqual([
      ['New one', false],
      ['Another', false],
      ['Keep me', true],
    ]);
    expect(after.find((t) => t.content === 'Keep me')?.id).toBe(keep.id);
    expect(after.find((t) => t.content === 'Keep me')?.completed_at).not.toBeNull();
    expect(after.some((t) => t.id === gone.id)).toBe(false);
    expect(await list(alice)).toEqual(after);

    // The same text again changes nothing.
    expect((await put('- [x] Keep me\nNew one\n- [ ] Another')).json()).toEqual(after);
    // Another user's list is untouched.
    expect((await list(bob)).map((t) => t.content)).toEqual(['bob keeps this']);
  });

  it('adds each line once when the same checklist is saved several times at once', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const text = '- [ ] Call the dentist\n- [x] Buy milk\n- [ ] Book the venue';
    const saves = await Promise.all(
      Array.from({ length: 8 }, () => alice.request({ method: 'PUT', url: '/api/todos/checklist', payload: { text } })),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(saves.map(() => 200));
    expect((await list(alice)).map((t) => [t.content, t.completed])).toEqual([
      ['Call the dentist', false],
      ['Book the venue', false],
      ['Buy milk', true],
    ]);
  });

  it('saves a 1,000-line checklist in one request, and a bad line changes nothing', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const lines = Array.from({ length: 1000 }, (_, i) => `- [${i % 3 === 0 ? 'x' : ' '}] Task ${i + 1}`);
    const res = await alice.request({
      method: 'PUT',
      url: '/api/todos/checklist',
      payload: { text: lines.join('\n') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1000);
    expect(res.json()[0].content).toBe('Task 2');

    const bad = await alice.request({
      method: 'PUT',
      url: '/api/todos/checklist',
      payload: { text: `Short\n${'x'.repeat(1001)}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/at most 1000 characters/);
    expect(await list(alice)).toHaveLength(1000);
  });
});
