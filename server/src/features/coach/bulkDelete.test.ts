import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { insertConversation, insertMessage } from './repo.js';

let h: Harness;
afterEach(async () => h?.close());

describe('bulk delete of assistant conversations', () => {
  it('deletes the user’s conversations and their messages in one request, ignoring others’ uuids', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    await createUserAndSignIn(h, 'bob');
    const [a, b] = [await userIdOf(h, 'alice'), await userIdOf(h, 'bob')];
    const now = new Date().toISOString();
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await insertConversation(h.ctx.db, a, {
        conversation_uuid: randomUUID(),
        coach_type: 'assistant',
        title: `Chat ${i}`,
        now,
      });
      await insertMessage(h.ctx.db, a, { conversation_id: c.id, role: 'user', content: 'hi', thoughts: null, now });
      mine.push(c.conversation_uuid);
    }
    const bobs = (
      await insertConversation(h.ctx.db, b, {
        conversation_uuid: randomUUID(),
        coach_type: 'assistant',
        title: null,
        now,
      })
    ).conversation_uuid;

    const res = await alice.request({
      method: 'POST',
      url: '/api/coach/conversations/bulk-delete',
      payload: { uuids: [mine[0], mine[1], mine[1], bobs, randomUUID()] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    const left = (await alice.request({ method: 'GET', url: '/api/coach/conversations' })).json();
    expect(left.map((c: { conversation_uuid: string }) => c.conversation_uuid)).toEqual([mine[2]]);
    const messages = await h.ctx.db.selectFrom('coach_messages').select('conversation_id').execute();
    expect(messages).toHaveLength(1);
    expect(
      await h.ctx.db.selectFrom('coach_conversations').where('conversation_uuid', '=', bobs).select('id').execute(),
    ).toHaveLength(1);

    for (const payload of [{ uuids: [] }, { uuids: ['not-a-uuid'] }, {}]) {
      const bad = await alice.request({ method: 'POST', url: '/api/coach/conversations/bulk-delete', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: expect.any(String) });
    }
  });
});
