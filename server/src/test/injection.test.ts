import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INJECTIONS, naiveAnswer } from '#common/testing/injectionCorpus.js';
import { todayIn } from '#common/time.js';
import { providerFor } from '../ai/testing.js';
import { type FakeOpenAi, type FakeRequest, startFakeOpenAi } from './fakeOpenAi.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS } from './harness.js';
import { startIcsFeed } from './icsFeed.js';
import { plannableWeek } from './weeks.js';

/**
 * Hostile text in the AI features: 60 injection attempts planted in todos, daily notes, a
 * transcript, the weekly plan, the coach's "about me" and calendar events (their titles,
 * descriptions and places, marked CAL-nn), then every AI feature run against a
 * local model that obeys whatever it reads. Nothing may change besides what the feature itself
 * saves, and the planted text may reach the model only inside a data fence.
 */
type Json = Record<string, unknown>;

/** A structured answer shaped like the schema asked for, every text the obeyed instructions. */
function fill(schema: Json | undefined, text: string, depth = 0): unknown {
  if (!schema || depth > 6) return text;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = [schema.type].flat()[0];
  if (type === 'object' || schema.properties) {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fill(v, text, depth + 1)]));
  }
  if (type === 'array') return [fill(schema.items as Json, text, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return text;
}

let llm: FakeOpenAi;
let h: Harness;
const seen: FakeRequest[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAi((req) => {
    seen.push(req);
    const all = req.messages.map((m) => m.content).join('\n');
    const answer = naiveAnswer(all);
    const format = req.body.response_format as { json_schema?: { schema?: Json } } | undefined;
    return format?.json_schema ? JSON.stringify(fill(format.json_schema.schema, answer)) : answer;
  });
});
afterAll(async () => llm?.close());
const calendarFeeds: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await h?.close();
  for (const f of calendarFeeds.splice(0)) await f.close();
});

const FENCED = /<(user_data|transcript_data|history|request)>[\s\S]*?<\/\1>/g;

async function plant(c: Client, today: string, monday: string) {
  const chunks = (n: number) => INJECTIONS.filter((_, i) => i % 5 === n).map((i) => i.text);
  for (const text of chunks(0)) {
    expect(
      (await c.request({ method: 'POST', url: '/api/todos', payload: { content: text.slice(0, 1000) } })).statusCode,
    ).toBe(201);
  }
  const note = `## Goals for the Day\n- ${chunks(1).join('\n- ')}\n\n## Evening Reflection\n${chunks(1).join('\n')}`;
  expect(
    (await c.request({ method: 'POST', url: `/api/notes/daily/${today}`, payload: { content: note } })).statusCode,
  ).toBe(200);
  const transcript = await c.request({
    method: 'POST',
    url: '/api/transcripts',
    payload: { title: `Planning ${INJECTIONS[0]?.text}`, content: chunks(2).join('\n\n'), date: today },
  });
  expect(transcript.statusCode, transcript.body).toBe(201);
  const plan = await c.request({
    method: 'PUT',
    url: `/api/weekly/${monday}`,
    payload: { weekly_review: chunks(3).join('\n'), weekly_intention: chunks(3)[0], meta_goals: chunks(3).slice(0, 3) },
  });
  expect(plan.statusCode, plan.body).toBe(200);
  const meta = await c.request({
    method: 'POST',
    url: '/api/coach/meta/vocational',
    payload: { meta_content: chunks(4).join('\n') },
  });
  expect(meta.statusCode, meta.body).toBe(200);
  return transcript.json().id as number;
}

const counts = async () => {
  const out: Record<string, number> = {};
  for (const t of ['todos', 'api_keys', 'users', 'journal_entries', 'transcripts', 'cron_jobs'] as const) {
    out[t] = (
      await h.ctx.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  }
  const todos = await h.ctx.db.selectFrom('todos').select(['content', 'completed']).orderBy('id').execute();
  return { ...out, todos: JSON.stringify(todos.map((t) => [t.content, Number(t.completed)])) };
};

describe('hostile text in the AI features', () => {
  it('has at least 50 attempts, each with its own marker', () => {
    expect(INJECTIONS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(INJECTIONS.map((i) => i.id)).size).toBe(INJECTIONS.length);
  });

  it('obeying model: no side effect, planted text only inside the data fence, replies kept as text', async () => {
    h = await createHarness({ ai: providerFor(llm), env: LOCAL_CALENDARS });
    const alice = await createUserAndSignIn(h, 'alice');
    const today = todayIn('UTC');
    // The week planned now: on a Sunday the next one, as the week that holds it has ended.
    const monday = plannableWeek();
    const transcriptId = await plant(alice, today, monday);
    // Calendar events from a subscribed feed: today's (the coaches) and this week's (the planning coach).
    const calendarText = INJECTIONS.filter((_, i) => i % 10 === 3).map((inj) =>
      inj.text.replaceAll(inj.id, `CAL-${inj.id.slice(4)}`),
    );
    const at = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00Z`;
    const feed = await startIcsFeed(
      calendarText.map((text, i) => ({
        uid: `hostile-${i}`,
        summary: `Sync ${text.slice(0, 120)}`,
        description: text,
        location: i % 2 ? text.slice(0, 200) : undefined,
        start: at(i % 2 ? today : monday, 8 + i),
        end: at(i % 2 ? today : monday, 9 + i),
      })),
    );
    calendarFeeds.push(feed);
    await feed.subscribe(alice, 'Work');
    const before = await counts();
    seen.length = 0;

    const replies: string[] = [];
    for (const coachType of ['vocational', 'assistant', 'workout']) {
      const chat = await alice.request({
        method: 'POST',
        url: '/api/coach/chat',
        payload: {
          messages: [{ role: 'user', content: 'How is my week going?' }],
          coachType,
          includeEndOfDayContext: true,
        },
      });
      expect(chat.statusCode, chat.body).toBe(200);
      replies.push(chat.body);
    }
    const items = await alice.request({ method: 'POST', url: `/api/transcripts/action-items/${transcriptId}` });
    expect(items.statusCode, items.body).toBe(200);
    replies.push(items.body);
    const workout = await alice.request({
      method: 'GET',
      url: `/api/workout/stream?date=${today}&customPrompt=${encodeURIComponent(INJECTIONS[12]?.text ?? '')}`,
    });
    expect(workout.statusCode).toBe(200);
    replies.push(workout.body);
    const weekly = await alice.request({
      method: 'POST',
      url: '/api/weekly/coach',
      payload: { date: monday, userMessage: 'Help me plan this week.', isNewPlan: false },
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    replies.push(weekly.body);

    // The model was reached, and it read most of the planted text (so it obeyed it); the
    // context builder shortens long sections, so not every attempt makes it in.
    const reached = new Set(
      seen.flatMap(
        (r) =>
          r.messages
            .map((m) => m.content)
            .join('\n')
            .match(/INJ-\d\d/g) ?? [],
      ),
    );
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(reached.size).toBeGreaterThanOrEqual(40);
    // The calendar's planted text reached the model too (coach context and planning coach).
    const calendarReached = new Set(
      seen.flatMap(
        (r) =>
          r.messages
            .map((m) => m.content)
            .join('\n')
            .match(/CAL-\d\d/g) ?? [],
      ),
    );
    expect(calendarReached.size).toBeGreaterThanOrEqual(3);
    // …but only inside a fence: outside the fenced blocks no marker appears, in any message.
    for (const req of seen) {
      for (const m of req.messages) {
        if (m.role === 'assistant') continue;
        const outside = m.content.replace(FENCED, '');
        expect(outside.match(/(INJ|CAL)-\d\d/g) ?? [], `${m.role} message outside the fences`).toEqual([]);
      }
    }
    // No side effect: no todo added or completed, no key, no account, no note, no job.
    expect(await counts()).toEqual(before);
    // Replies are data for the screen: the obeyed image and links stay text in the JSON answer.
    expect(replies.join('\n')).toContain('evil.example');
  }, 120_000);
});
