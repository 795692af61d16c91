import { afterEach, describe, expect, it } from 'vitest';
import {
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  conversationsResponse,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
} from '#common/api/coach.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { CoachService } from './service.js';

let h: Harness;
afterEach(async () => h?.close());

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const TYPES = ['workout', 'vocational', 'assistant'] as const;

describe('conversation list paging', () => {
  it('pages newest first with a default and a maximum, pages never overlap, and filters by coach', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    await createUserAndSignIn(h, 'bob');
    const a = await userIdOf(h, 'alice');
    const b = await userIdOf(h, 'bob');
    // 130 conversations; pairs share an updated_at, so the order must break ties the same way every time.
    const rows = Array.from({ length: 130 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 60_000).toISOString();
      return {
        user_id: a,
        conversation_uuid: uuid(i + 1),
        coach_type: TYPES[i % 3] as string,
        title: `Chat ${i}`,
        created_at: at,
        updated_at: at,
      };
    });
    await h.ctx.db.insertInto('coach_conversations').values(rows).execute();
    await h.ctx.db
      .insertInto('coach_conversations')
      .values({ ...rows[0], user_id: b, conversation_uuid: uuid(999) } as (typeof rows)[number])
      .execute();

    const list = async (query: string) => {
      const res = await alice.request({ method: 'GET', url: `/api/coach/conversations${query}` });
      expect(res.statusCode, query).toBe(200);
      return res.json() as Array<{ conversation_uuid: string; coach_type: string; updated_at: string }>;
    };
    const first = await list('');
    expect(first).toHaveLength(CONVERSATIONS_PAGE_DEFAULT);
    expect(first[0]?.updated_at).toBe(rows[129]?.updated_at);
    const rest = await list(`?offset=${CONVERSATIONS_PAGE_DEFAULT}`);
    expect(rest).toHaveLength(30);
    const all = [...first, ...rest].map((c) => c.conversation_uuid);
    expect(new Set(all).size).toBe(130);
    expect(all).not.toContain(uuid(999));
    const sorted = [...first, ...rest].map((c) => c.updated_at);
    expect(sorted).toEqual([...sorted].sort().reverse());

    // Small pages walk the same order.
    const walked: string[] = [];
    for (let offset = 0; offset < 130; offset += 7) {
      walked.push(...(await list(`?limit=7&offset=${offset}`)).map((c) => c.conversation_uuid));
    }
    expect(walked).toEqual(all);

    const coaches = await list('?coachTypes=workout,vocational&limit=500');
    expect(coaches).toHaveLength(87);
    expect(coaches.every((c) => c.coach_type !== 'assistant')).toBe(true);

    for (const bad of [`?limit=${CONVERSATIONS_PAGE_MAX + 1}`, '?limit=0', '?offset=-1', '?coachTypes=nope']) {
      const res = await alice.request({ method: 'GET', url: `/api/coach/conversations${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('answers the same bytes as the route’s serialiser writes from the rows, whatever the titles hold', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const userId = await userIdOf(h, 'alice');
    const titles = [
      null,
      '',
      'a"b\\c',
      '\u0001\b\t\n\f\r\u001f\u007f',
      '\u2028\u2029 é 😀',
      '</script>',
      'x'.repeat(5000),
    ];
    await h.ctx.db
      .insertInto('coach_conversations')
      .values(
        titles.map((title, i) => ({
          user_id: userId,
          conversation_uuid: uuid(i + 1),
          coach_type: TYPES[i % 3] as string,
          title,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: `2026-01-0${1 + (i % 2)}T00:00:00.000Z`,
        })),
      )
      .execute();
    const write = compileResponseSerializer(conversationsResponse);
    const service = new CoachService(h.ctx);
    for (const query of ['', '?limit=3&offset=2', '?coachTypes=workout,assistant', '?offset=50']) {
      const res = await alice.request({ method: 'GET', url: `/api/coach/conversations${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const q = new URLSearchParams(query);
      const page = {
        limit: Number(q.get('limit') ?? CONVERSATIONS_PAGE_DEFAULT),
        offset: Number(q.get('offset') ?? 0),
      };
      const coachTypes = q.get('coachTypes') ?? undefined;
      expect(res.body, query).toBe(write(await service.list(userId, { ...page, coachTypes })));
    }
  });

  it('reads a conversation a window of messages at a time, newest window first, oldest first within it', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    const a = await userIdOf(h, 'alice');
    const conv = await h.ctx.db
      .insertInto('coach_conversations')
      .values({
        user_id: a,
        conversation_uuid: uuid(1),
        coach_type: 'workout',
        title: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const total = MESSAGES_PAGE_DEFAULT + 50;
    // Every message has the same timestamp: the order is the order they were written in.
    await h.ctx.db
      .insertInto('coach_messages')
      .values(
        Array.from({ length: total }, (_, i) => ({
          user_id: a,
          conversation_id: conv.id,
          role: i % 2 ? 'assistant' : 'user',
          content: `m${i}`,
          thoughts: null,
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();

    const get = async (query: string) => {
      const res = await alice.request({ method: 'GET', url: `/api/coach/conversations/${uuid(1)}${query}` });
      expect(res.statusCode, query).toBe(200);
      const body = res.json() as { messages: Array<{ content: string }>; has_earlier: boolean };
      return { contents: body.messages.map((m) => m.content), hasEarlier: body.has_earlier };
    };
    const latest = await get('');
    expect(latest.contents).toHaveLength(MESSAGES_PAGE_DEFAULT);
    expect(latest.contents.at(-1)).toBe(`m${total - 1}`);
    expect(latest.contents[0]).toBe(`m${total - MESSAGES_PAGE_DEFAULT}`);
    expect(latest.hasEarlier).toBe(true);
    const earlier = await get(`?offset=${MESSAGES_PAGE_DEFAULT}`);
    expect(earlier).toEqual({ contents: Array.from({ length: 50 }, (_, i) => `m${i}`), hasEarlier: false });
    expect((await get(`?limit=${MESSAGES_PAGE_MAX}`)).contents).toEqual(
      Array.from({ length: total }, (_, i) => `m${i}`),
    );
    expect(await get('?limit=3&offset=3')).toEqual({
      contents: [`m${total - 6}`, `m${total - 5}`, `m${total - 4}`],
      hasEarlier: true,
    });
    expect(await get(`?offset=${total}`)).toEqual({ contents: [], hasEarlier: false });

    for (const bad of [`?limit=${MESSAGES_PAGE_MAX + 1}`, '?limit=0', '?offset=-1', '?offset=x']) {
      const res = await alice.request({ method: 'GET', url: `/api/coach/conversations/${uuid(1)}${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    // Another user's conversation is not found, whatever the window.
    expect((await bob.request({ method: 'GET', url: `/api/coach/conversations/${uuid(1)}?limit=5` })).statusCode).toBe(
      404,
    );
  });
});
