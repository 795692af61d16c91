import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '#common/api/coach.js';
import { ASSISTANT_REQUESTS, COACH_MESSAGES } from '#common/coachTexts.js';
import { AI_MESSAGES } from '../../ai/errors.js';
import { DEFAULT_PROMPTS } from '../../ai/prompts/coach.js';
import { providerFor } from '../../ai/testing.js';
import { type FakeOpenAi, type FakeReply, type FakeRequest, startFakeOpenAi } from '../../test/fakeOpenAi.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { saveLog } from '../workout/logsRepo.js';
import { savePlan } from '../workout/plansRepo.js';
import { parseSse } from '../workout/testing.js';
import { coachReads, FULL_ENTRY_CHARS } from './contextBuilder.js';
import { CoachService, NO_PROVIDER_REPLY } from './service.js';
import { loadCoachData } from './sources.js';

let h: Harness;
afterEach(async () => h?.close());

const chat = (c: Client, body: Record<string, unknown>, url = '/api/coach/chat') =>
  c.request({ method: 'POST', url, payload: { coachType: 'workout', conversation_uuid: null, ...body } });
const say = (content: string) => [{ role: 'user', content }];

const sseEvents = (body: string): ChatStreamEvent[] => parseSse(body).map((e) => e.data);

let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Stores a transcript straight in the database (the transcripts API comes with its own feature). */
async function insertTranscript(h: Harness, userId: number, date: string, title: string, content: string) {
  const row = await h.ctx.db
    .insertInto('transcripts')
    .values({
      user_id: userId,
      date,
      title,
      content,
      context: null,
      transcript_type: 'scheduled',
      google_event_id: null,
      google_event_etag: null,
      google_recurring_event_id: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The app with a real provider pointed at a local OpenAI-compatible server answering `reply`. */
async function harnessWithProvider(reply: (req: FakeRequest) => FakeReply) {
  fake = await startFakeOpenAi(reply);
  h = await createHarness({ ai: providerFor(fake) });
  return fake;
}

describe('conversations', () => {
  it('starts a conversation, lists it newest first, renames, reads and deletes it', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const first = await chat(alice, { messages: say('How do I start running?') });
    expect(first.statusCode).toBe(200);
    const uuid1 = first.json().conversation_uuid;
    expect(first.json().message).toMatchObject({ role: 'assistant', content: NO_PROVIDER_REPLY });
    const second = await chat(alice, { messages: say('Career question'), coachType: 'vocational' });
    const uuid2 = second.json().conversation_uuid;

    const list = (await alice.request({ method: 'GET', url: '/api/coach/conversations' })).json();
    expect(list.map((c: { conversation_uuid: string }) => c.conversation_uuid)).toEqual([uuid2, uuid1]);
    expect(list[1]).toEqual({
      conversation_uuid: uuid1,
      coach_type: 'workout',
      title: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    // Continuing the older conversation moves it to the top.
    await chat(alice, { messages: say('And after that?'), conversation_uuid: uuid1 });
    const again = (await alice.request({ method: 'GET', url: '/api/coach/conversations' })).json();
    expect(again[0].conversation_uuid).toBe(uuid1);

    const renamed = await alice.request({
      method: 'PUT',
      url: `/api/coach/conversations/${uuid1}/title`,
      payload: { title: '  Running plan  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Running plan');

    const detail = (await alice.request({ method: 'GET', url: `/api/coach/conversations/${uuid1}` })).json();
    expect(detail.conversation).toMatchObject({
      conversation_uuid: uuid1,
      coach_type: 'workout',
      title: 'Running plan',
    });
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.messages[0]).toMatchObject({ content: 'How do I start running?', timestamp: expect.any(String) });

    const del = await alice.request({ method: 'DELETE', url: `/api/coach/conversations/${uuid1}` });
    expect(del.statusCode).toBe(204);
    expect((await alice.request({ method: 'GET', url: `/api/coach/conversations/${uuid1}` })).statusCode).toBe(404);
    expect(
      await h.ctx.db.selectFrom('coach_messages').select('id').where('content', '=', 'And after that?').execute(),
    ).toEqual([]);
  });

  it('refuses an empty title, an empty message, two messages and a missing coach type', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const uuid = (await chat(alice, { messages: say('hi') })).json().conversation_uuid;
    const title = await alice.request({
      method: 'PUT',
      url: `/api/coach/conversations/${uuid}/title`,
      payload: { title: '   ' },
    });
    expect(title.statusCode).toBe(400);
    expect(title.json()).toEqual({ error: COACH_MESSAGES.titleRequired });
    expect((await chat(alice, { messages: say('   ') })).json()).toEqual({ error: COACH_MESSAGES.emptyMessage });
    expect((await chat(alice, { messages: [...say('a'), ...say('b')] })).json()).toEqual({
      error: COACH_MESSAGES.oneUserMessage,
    });
    expect((await chat(alice, { messages: say('a'), coachType: undefined })).statusCode).toBe(400);
    expect((await chat(alice, { messages: say('a'), coachType: 'chef' })).statusCode).toBe(400);
  });

  it('gives another user 404 for every call naming a conversation, and changes nothing', async () => {
    h = await createHarness();
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => (await chat(owner, { messages: say('mine') })).json().conversation_uuid as string,
      requests: (uuid) => [
        { method: 'GET', url: `/api/coach/conversations/${uuid}` },
        { method: 'PUT', url: `/api/coach/conversations/${uuid}/title`, payload: { title: 'stolen' } },
        { method: 'DELETE', url: `/api/coach/conversations/${uuid}` },
        {
          method: 'POST',
          url: '/api/coach/chat',
          payload: { messages: say('intrude'), coachType: 'workout', conversation_uuid: uuid },
        },
        {
          method: 'POST',
          url: '/api/coach/chat/stream',
          payload: { messages: say('intrude'), coachType: 'workout', conversation_uuid: uuid },
        },
      ],
      stillThere: async (owner, uuid) => {
        const d = (await owner.request({ method: 'GET', url: `/api/coach/conversations/${uuid}` })).json();
        expect(d.conversation.title).toBeNull();
        expect(d.messages).toHaveLength(2);
      },
    });
    const other = await createUserAndSignIn(h, 'third');
    expect((await other.request({ method: 'GET', url: '/api/coach/conversations' })).json()).toEqual([]);
  });
});

describe('replies through a provider', () => {
  it('streams the reply in pieces and saves it, with thoughts kept apart', async () => {
    const server = await harnessWithProvider(() => ({
      chunks: ['<think>User wants', ' squats</think>Do ', '3 sets ', 'of **squats**.'],
    }));
    const alice = await createUserAndSignIn(h, 'alice');
    await alice.request({
      method: 'POST',
      url: '/api/coach/meta/workout',
      payload: { meta_content: 'I have a bad left knee.' },
    });
    const res = await chat(alice, { messages: say('Leg day?') }, '/api/coach/chat/stream');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const events = sseEvents(res.body);
    expect(events.map((e) => e.type)).toEqual(['conversation', 'delta', 'delta', 'delta', 'delta', 'message']);
    const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));
    expect(deltas).toEqual(['<think>User wants', ' squats</think>Do ', '3 sets ', 'of **squats**.']);
    const last = events.at(-1);
    expect(last).toMatchObject({
      type: 'message',
      message: { role: 'assistant', content: 'Do 3 sets of **squats**.', thoughts: 'User wants squats' },
    });

    const sent = server.requests[0].messages as Array<{ role: string; content: string }>;
    expect(server.requests[0].stream).toBe(true);
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent[1]?.content).toBe('Leg day?');
    const system = sent[0]?.content ?? '';
    expect(system.startsWith(DEFAULT_PROMPTS.workout.base_prompt)).toBe(true);
    expect(system).toContain(DEFAULT_PROMPTS.workout.system_prompt_addition);
    expect(system).toContain('I have a bad left knee.');
    expect(system).toContain('<user_data>');
    // No tool can change data: none is offered to the model.
    expect(server.requests[0].tools).toBeUndefined();

    const uuid = events[0]?.type === 'conversation' ? events[0].conversation_uuid : '';
    const detail = (await alice.request({ method: 'GET', url: `/api/coach/conversations/${uuid}` })).json();
    expect(detail.messages[1]).toMatchObject({ content: 'Do 3 sets of **squats**.', thoughts: 'User wants squats' });

    // The next turn sends the history back.
    await chat(alice, { messages: say('And tomorrow?'), conversation_uuid: uuid });
    const second = server.requests[1].messages as Array<{ role: string; content: string }>;
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second[2]?.content).toBe('Do 3 sets of **squats**.');
  });

  it('keeps the user message and ends in an error when the provider fails mid-stream', async () => {
    await harnessWithProvider(() => ({ chunks: ['Start with ', 'a warm-up', ' never sent'], failAfter: 2 }));
    const alice = await createUserAndSignIn(h, 'alice');
    const res = await chat(alice, { messages: say('Plan my week') }, '/api/coach/chat/stream');
    const events = sseEvents(res.body);
    expect(events.map((e) => e.type)).toEqual(['conversation', 'delta', 'delta', 'error']);
    expect(events.at(-1)).toEqual({ type: 'error', error: AI_MESSAGES.providerError });
    expect(events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('')).toBe('Start with a warm-up');
    const uuid = events[0]?.type === 'conversation' ? events[0].conversation_uuid : '';
    const detail = (await alice.request({ method: 'GET', url: `/api/coach/conversations/${uuid}` })).json();
    expect(detail.messages).toEqual([expect.objectContaining({ role: 'user', content: 'Plan my week' })]);

    const plain = await chat(alice, { messages: say('Again'), conversation_uuid: uuid });
    expect(plain.statusCode).toBe(502);
    expect(plain.json()).toEqual({ error: AI_MESSAGES.providerError });
    const kept = (await alice.request({ method: 'GET', url: `/api/coach/conversations/${uuid}` })).json();
    expect(kept.messages.map((m: { content: string }) => m.content)).toEqual(['Plan my week', 'Again']);
  });

  it('answers a provider refusal with its clear message, without leaking details', async () => {
    await harnessWithProvider(() => ({ status: 401, body: { error: { message: 'bad key sk-live-123' } } }));
    const alice = await createUserAndSignIn(h, 'alice');
    const res = await chat(alice, { messages: say('hi') }, '/api/coach/chat/stream');
    expect(sseEvents(res.body).at(-1)).toEqual({ type: 'error', error: AI_MESSAGES.auth });
    expect(res.body).not.toContain('sk-live-123');
  });
});

describe('the assistant without a provider', () => {
  it('builds the briefing and the review from the data, and says in plain words what works without a model', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const briefing = await chat(alice, { messages: say(ASSISTANT_REQUESTS.briefing), coachType: 'assistant' });
    expect(briefing.json().message.content).toMatch(/^# Executive Daily Briefing/);
    expect(briefing.json().message.content).toContain("## Today's Priorities");
    const review = await chat(alice, {
      messages: say(ASSISTANT_REQUESTS.review),
      coachType: 'assistant',
      includeEndOfDayContext: true,
    });
    expect(review.json().message.content).toMatch(/^# Strategic Day Review/);
    const free = await chat(alice, { messages: say('What is on today?'), coachType: 'assistant' });
    expect(free.json().message.content).toBe(NO_PROVIDER_REPLY);
    const titles = (await alice.request({ method: 'GET', url: '/api/coach/conversations' })).json();
    expect(titles.map((c: { title: string | null }) => c.title)).toEqual([
      null,
      'Strategic Day Review',
      'Executive Daily Briefing',
    ]);
  });
});

describe('coach prompt settings', () => {
  it('serves the defaults, saves, marks customized, resets one coach and all', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const get = async (t: string) => (await alice.request({ method: 'GET', url: `/api/coach/meta/${t}` })).json();
    expect(await get('assistant')).toEqual({
      coach_type: 'assistant',
      meta_content: '',
      ...DEFAULT_PROMPTS.assistant,
      customized: false,
    });
    expect(DEFAULT_PROMPTS.assistant.system_prompt_addition).toMatch(/declined/i);

    const saved = await alice.request({
      method: 'POST',
      url: '/api/coach/meta/workout',
      payload: { meta_content: 'Home gym', base_prompt: 'Be terse.', system_prompt_addition: 'Short answers.' },
    });
    expect(saved.json()).toMatchObject({ base_prompt: 'Be terse.', customized: true, meta_content: 'Home gym' });
    await alice.request({
      method: 'POST',
      url: '/api/coach/meta/vocational',
      payload: { meta_content: 'Engineer', base_prompt: 'Vocational custom' },
    });
    // Meta information alone does not make a coach customized.
    await alice.request({ method: 'POST', url: '/api/coach/meta/assistant', payload: { meta_content: 'CEO' } });
    expect(await get('assistant')).toMatchObject({ meta_content: 'CEO', customized: false });

    const reset = await alice.request({ method: 'POST', url: '/api/coach/meta/workout/reset' });
    expect(reset.json()).toEqual({
      coach_type: 'workout',
      meta_content: 'Home gym',
      ...DEFAULT_PROMPTS.workout,
      customized: false,
    });
    expect((await get('vocational')).customized).toBe(true);

    const all = await alice.request({ method: 'POST', url: '/api/coach/reset-all-prompts' });
    expect(all.json().coaches.map((c: { customized: boolean }) => c.customized)).toEqual([false, false, false]);
    expect((await get('vocational')).base_prompt).toBe(DEFAULT_PROMPTS.vocational.base_prompt);

    // Another user's settings are their own.
    const bob = await createUserAndSignIn(h, 'bob');
    expect((await bob.request({ method: 'GET', url: '/api/coach/meta/workout' })).json().meta_content).toBe('');

    // The answer is written once and reused while the stored prompts are unchanged; a change
    // made behind the app (another instance) is served at once, and it is exactly what
    // presenting the stored row afresh gives.
    const service = new CoachService(h.ctx);
    const aliceId = await userIdOf(h, 'alice');
    expect(await get('vocational')).toEqual(await service.getMeta(aliceId, 'vocational'));
    await h.ctx.db
      .updateTable('coach_meta')
      .set({ base_prompt: 'Changed behind "the" app\n' })
      .where('user_id', '=', aliceId)
      .where('coach_type', '=', 'vocational')
      .execute();
    const changed = await alice.request({ method: 'GET', url: '/api/coach/meta/vocational' });
    expect(changed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(changed.json()).toEqual({ ...(await service.getMeta(aliceId, 'vocational')), customized: true });
    expect(changed.json().base_prompt).toBe('Changed behind "the" app\n');
    expect(changed.body).toBe((await service.getMetaJson(aliceId, 'vocational')).toString());
  });

  it('validates with the spec messages', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const post = (payload: object) => alice.request({ method: 'POST', url: '/api/coach/meta/workout', payload });
    expect((await post({ meta_content: '', base_prompt: '  ', system_prompt_addition: 'x' })).json()).toEqual({
      error: 'Base prompt cannot be empty',
    });
    expect((await post({ meta_content: '', base_prompt: 'x', system_prompt_addition: '\n ' })).json()).toEqual({
      error: 'System prompt details cannot be empty',
    });
    expect((await alice.request({ method: 'GET', url: '/api/coach/meta/chef' })).statusCode).toBe(400);
  });
});

describe("context from the user's own data", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const note = [
    '## Morning Preparation',
    '### Daily Priorities',
    '- Finish the quarterly report',
    '### Anticipated Challenges',
    'Back-to-back meetings',
    '### Energy Level 7/10',
  ].join('\n');

  async function seed(c: Client) {
    await c.request({ method: 'POST', url: `/api/notes/daily/${today()}`, payload: { content: note } });
    await c.request({ method: 'POST', url: '/api/todos', payload: { content: 'Email the landlord' } });
  }

  it('builds the offline briefing from the journal and todos', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    await seed(alice);
    const bob = await createUserAndSignIn(h, 'bob');
    await bob.request({ method: 'POST', url: '/api/todos', payload: { content: "Bob's secret todo" } });
    const res = await chat(alice, { messages: say(ASSISTANT_REQUESTS.briefing), coachType: 'assistant' });
    const text: string = res.json().message.content;
    expect(text).toContain('- Finish the quarterly report');
    expect(text).toContain('- Back-to-back meetings');
    expect(text).toContain('- Email the landlord');
    expect(text).toContain('Energy level this morning: **7/10**');
    expect(text).not.toContain("Bob's secret todo");
  });

  it('gives the model the data and the attached entries, never another user’s', async () => {
    const server = await harnessWithProvider(() => 'Noted.');
    const alice = await createUserAndSignIn(h, 'alice');
    await seed(alice);
    const bob = await createUserAndSignIn(h, 'bob');
    const bobsNote = await bob.request({
      method: 'POST',
      url: '/api/personal-journal',
      payload: { date: today(), journal_type: 'note', content: 'Bob private idea' },
    });
    const aliceOld = await alice.request({
      method: 'POST',
      url: '/api/personal-journal',
      payload: { date: '2020-01-01', journal_type: 'note', content: 'An old idea about podcasts' },
    });
    const res = await chat(alice, {
      messages: say('What matters today?'),
      coachType: 'assistant',
      specificEntries: { notes: [aliceOld.json().id, bobsNote.json().id] },
    });
    expect(res.statusCode).toBe(200);
    const system: string = server.requests[0].messages[0].content;
    expect(system).toContain('Finish the quarterly report');
    expect(system).toContain('Email the landlord');
    // Too old for the recency window, but attached on purpose.
    expect(system).toContain('An old idea about podcasts');
    expect(system).not.toContain('Bob private idea');
  });

  it('reads the ten newest transcripts and the attached ones, never another user’s', async () => {
    const server = await harnessWithProvider(() => 'Noted.');
    const alice = await createUserAndSignIn(h, 'alice');
    await createUserAndSignIn(h, 'bob');
    const addTranscript = async (username: string, date: string, title: string) =>
      insertTranscript(h, await userIdOf(h, username), date, title, `Minutes of ${title}`);
    const oldest = await addTranscript('alice', '2020-01-01', 'Kickoff 2020');
    for (let day = 1; day <= 10; day++) await addTranscript('alice', today(), `Standup ${day}`);
    const bobs = await addTranscript('bob', today(), 'Bob board meeting');

    const res = await chat(alice, {
      messages: say('What did we decide?'),
      coachType: 'assistant',
      specificEntries: { transcripts: [oldest, bobs, 999_999] },
    });
    expect(res.statusCode).toBe(200);
    const system: string = server.requests[0].messages[0].content;
    expect(system).toContain('Standup 10');
    expect(system).toContain('Standup 1');
    // Beyond the ten newest, but attached on purpose.
    expect(system).toContain('Minutes of Kickoff 2020');
    expect(system).not.toContain('Bob board meeting');
  });

  it('reads for a coach only what its context shows, and whatever the user attached', async () => {
    const server = await harnessWithProvider(() => 'Noted.');
    const alice = await createUserAndSignIn(h, 'alice');
    await seed(alice);
    const id = await userIdOf(h, 'alice');
    await insertTranscript(h, id, today(), 'Standup', 'Minutes of the standup');
    const retro = await insertTranscript(h, id, today(), 'Retro', 'Minutes of the retro');

    const workout = await loadCoachData(h.ctx, { userId: id, today: today() }, coachReads('workout'));
    expect(workout.journal.length).toBeGreaterThan(0);
    expect([workout.todos, workout.transcripts, workout.calendar]).toEqual([[], [], []]);
    const everything = await loadCoachData(h.ctx, { userId: id, today: today() });
    expect(everything.todos.map((t) => t.content)).toEqual(['Email the landlord']);
    expect(everything.transcripts.map((t) => t.title).sort()).toEqual(['Retro', 'Standup']);

    // A transcript attached to a workout chat reaches the model; the others are not read.
    const res = await chat(alice, {
      messages: say('Can I fit a run in?'),
      coachType: 'workout',
      specificEntries: { transcripts: [retro] },
    });
    expect(res.statusCode).toBe(200);
    const system: string = server.requests[0].messages[0].content;
    expect(system).toContain('Finish the quarterly report');
    expect(system).toContain('Minutes of the retro');
    expect(system).not.toContain('Minutes of the standup');
    expect(system).not.toContain('Email the landlord');
  });

  it('reads of a long transcript only what a prompt can show, and shows it as cut', async () => {
    const server = await harnessWithProvider(() => 'Noted.');
    const alice = await createUserAndSignIn(h, 'alice');
    const id = await userIdOf(h, 'alice');
    await insertTranscript(h, id, today(), 'Offsite', `Début ${'é'.repeat(FULL_ENTRY_CHARS)} THE END`);
    const data = await loadCoachData(h.ctx, { userId: id, today: today() }, ['transcripts']);
    expect(data.transcripts[0]?.content).toBe(`Début ${'é'.repeat(FULL_ENTRY_CHARS - 5)}`);
    await chat(alice, { messages: say('What did we decide?'), coachType: 'assistant' });
    const system: string = server.requests[0].messages[0].content;
    expect(system).toContain(`Début ${'é'.repeat(FULL_ENTRY_CHARS - 6)} …[shortened]`);
    expect(system).not.toContain('THE END');
  });

  it('reads workout plans and logs and transcripts into the briefing and the review', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const id = await userIdOf(h, 'alice');
    await savePlan(h.ctx.db, id, {
      date: today(),
      plan: JSON.stringify({ title: 'Full body circuit', description: '30 minutes' }),
      plan_uuid: '11111111-1111-4111-8111-111111111111',
      focus: null,
      intensity: null,
      source: 'planner',
    });
    const briefing = await chat(alice, { messages: say(ASSISTANT_REQUESTS.briefing), coachType: 'assistant' });
    expect(briefing.json().message.content).toContain('Planned and not logged yet: Full body circuit: 30 minutes');
    await saveLog(h.ctx.db, id, {
      date: today(),
      entry: 'Legs felt heavy, skipped',
      workout_completion: null,
      workout_skipped: 1,
    });
    await insertTranscript(h, id, today(), 'Budget review', 'We agreed to cut travel by 10%.');
    const res = await chat(alice, {
      messages: say(ASSISTANT_REQUESTS.review),
      coachType: 'assistant',
      includeEndOfDayContext: true,
    });
    const text: string = res.json().message.content;
    expect(text).toContain('## Workout\n\nSkipped: Legs felt heavy, skipped');
    expect(text).toContain('**Budget review**: We agreed to cut travel by 10%.');
  });
});
