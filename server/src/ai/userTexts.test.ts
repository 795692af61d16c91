import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_WORDS, AI_TEXTS } from '#common/aiTexts.js';
import { ASSISTANT_REQUESTS } from '#common/coachTexts.js';
import { NO_PROVIDER_REPLY } from '../features/coach/service.js';
import { parseSse } from '../features/workout/testing.js';
import { type FakeOpenAi, type FakeReply, startFakeOpenAi } from '../test/fakeOpenAi.js';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../test/harness.js';
import { plannableWeek } from '../test/weeks.js';
import { AI_ADMIN_HINTS, AI_MESSAGES } from './errors.js';
import { NO_PROVIDER_MESSAGE } from './provider.js';
import { providerFor } from './testing.js';

let h: Harness | undefined;
let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await fake?.close();
  fake = undefined;
});

/** The words that belong to the administrator (README, log) and never to a screen. */
const adminWordsIn = (text: string) => ADMIN_ONLY_WORDS.filter((w) => w.test(text)).map(String);

const chat = (c: Client, content: string, coachType = 'workout', extra: Record<string, unknown> = {}) =>
  c.request({
    method: 'POST',
    url: '/api/coach/chat',
    payload: { coachType, conversation_uuid: null, messages: [{ role: 'user', content }], ...extra },
  });

describe('what users read about the AI model', () => {
  it('no user text names a setting, the environment or the README', () => {
    const userTexts = [
      ...Object.values(AI_MESSAGES),
      ...Object.values(AI_TEXTS).map((t) => (typeof t === 'function' ? t('briefing') : t)),
      NO_PROVIDER_MESSAGE,
      NO_PROVIDER_REPLY,
    ];
    for (const text of userTexts) expect(adminWordsIn(text), text).toEqual([]);
    // The administrator's hints do name them: that is where they belong.
    expect(adminWordsIn(AI_ADMIN_HINTS.none)).toEqual(expect.arrayContaining([String(ADMIN_ONLY_WORDS[0])]));
  });

  it('without a model, every answer a user sees is in plain words and says what still works', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');

    const settings = (await c.request({ method: 'GET', url: '/api/settings' })).json();
    expect(settings.aiConfigured).toBe(false);

    const free = (await chat(c, 'How do I start running?')).json().message.content as string;
    expect(free).toContain(AI_TEXTS.notConnected.replace(/\.$/, ''));
    expect(free).toContain('Executive Daily Briefing');
    const briefing = (await chat(c, ASSISTANT_REQUESTS.briefing, 'assistant')).json().message.content as string;
    const review = (await chat(c, ASSISTANT_REQUESTS.review, 'assistant', { includeEndOfDayContext: true })).json()
      .message.content as string;
    expect(briefing).toMatch(/^# Executive Daily Briefing/);
    const health = (await c.request({ method: 'GET', url: '/api/health/llm' })).json();
    expect(health).toMatchObject({ provider: 'none', reachable: false, error: NO_PROVIDER_MESSAGE });

    const planning = await c.request({
      method: 'POST',
      url: '/api/weekly/coach',
      payload: {
        date: plannableWeek(),
        dateParam: plannableWeek(),
        userMessage: '',
        weeklyPlanData: {
          weekly_review: '',
          meta_goals: ['', '', ''],
          constraints: '',
          brain_dump: '',
          weekly_intention: '',
          calendar_events: [],
        },
        isNewPlan: true,
      },
    });
    const guide = parseSse(planning.body)
      .map((e) => e.data as { type: string; message?: { content: string } })
      .find((e) => e.type === 'message')?.message?.content;
    expect(guide).toContain(AI_TEXTS.planningGuideNote);

    for (const text of [free, briefing, review, health.error, guide ?? '']) {
      expect(adminWordsIn(text), text).toEqual([]);
    }
  });

  it('with a model, the settings answer says it is connected', async () => {
    fake = await startFakeOpenAi(() => ({ chunks: ['ok'] }));
    h = await createHarness({ ai: providerFor(fake) });
    const c = await createUserAndSignIn(h, 'alice');
    expect((await c.request({ method: 'GET', url: '/api/settings' })).json().aiConfigured).toBe(true);
    const saved = await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'Europe/Paris' } });
    expect(saved.json()).toMatchObject({ timezone: 'Europe/Paris', aiConfigured: true });
  });

  const failures: Array<[string, FakeReply, string, RegExp]> = [
    ['refuses the key', { status: 401, body: { error: { message: 'bad key' } } }, AI_MESSAGES.auth, /LLM_API_KEY/],
    [
      'does not know the model',
      { status: 404, body: { error: { message: 'no model' } } },
      AI_MESSAGES.notFound,
      /LLM_MODEL/,
    ],
  ];
  for (const [what, reply, shown, hint] of failures) {
    it(`a model that ${what}: the user reads plain words, the log says which setting to check`, async () => {
      fake = await startFakeOpenAi(() => reply);
      h = await createHarness({ ai: providerFor(fake) });
      const c = await createUserAndSignIn(h, 'alice');
      const res = await chat(c, 'Plan my week');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: shown });
      expect(adminWordsIn(res.body)).toEqual([]);
      const warned = h.logs.find((l) => l.includes('AI provider failed'));
      expect(warned).toMatch(hint);
      expect(JSON.parse(warned ?? '{}').level).toBe(40);
    });
  }

  it('an unreachable model: plain words for the user, the address to check in the log', async () => {
    fake = await startFakeOpenAi(() => ({ chunks: ['never'] }));
    const baseUrl = fake.baseUrl;
    await fake.close();
    fake = undefined;
    h = await createHarness({
      ai: providerFor({ baseUrl } as FakeOpenAi),
    });
    const c = await createUserAndSignIn(h, 'alice');
    const res = await c.request({
      method: 'POST',
      url: '/api/coach/chat/stream',
      payload: { coachType: 'workout', conversation_uuid: null, messages: [{ role: 'user', content: 'hi' }] },
    });
    const last = parseSse(res.body).at(-1)?.data as { type: string; error: string };
    expect(last).toEqual({ type: 'error', error: AI_MESSAGES.unreachable });
    expect(adminWordsIn(res.body)).toEqual([]);
    expect(h.logs.find((l) => l.includes('AI provider failed'))).toMatch(/LLM_BASE_URL/);
  });
});
