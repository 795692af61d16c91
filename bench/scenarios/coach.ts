import { CONVERSATIONS_PAGE_MAX } from '#common/api/coach.js';
import { ASSISTANT_REQUESTS } from '#common/coachTexts.js';
import { DEFAULT_PROMPTS } from '../../server/src/ai/prompts/coach.js';
import { sizes } from '../options.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario } from '../types.js';

const CONVERSATIONS = sizes.conversations;
const MESSAGES_EACH = 20;
/** The conversation the detail route reads (fixed so the route path is known before seeding). */
const KNOWN = '00000000-0000-4000-8000-000000000001';

/** Time to the first event and to the saved reply of the offline Executive Daily Briefing. */
async function briefingStream(baseUrl: string, token: string, runs: number): Promise<BenchRow> {
  const first: number[] = [];
  const done: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/coach/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        messages: [{ role: 'user', content: ASSISTANT_REQUESTS.briefing }],
        coachType: 'assistant',
        conversation_uuid: null,
      }),
    });
    const reader = res.body?.getReader();
    let text = '';
    let seenFirst = false;
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      if (!seenFirst) {
        first.push(performance.now() - t0);
        seenFirst = true;
      }
      text += decoder.decode(chunk.value, { stream: true });
    }
    if (!text.includes('"type":"message"')) throw new Error('briefing stream ended without a reply');
    done.push(performance.now() - t0);
  }
  first.sort((a, b) => a - b);
  done.sort((a, b) => a - b);
  return {
    label: `offline briefing stream (${runs} runs, sequential)`,
    'first event p50 ms': percentile(first, 0.5).toFixed(1),
    'first event p99 ms': percentile(first, 0.99).toFixed(1),
    'complete p50 ms': percentile(done, 0.5).toFixed(1),
    'complete p99 ms': percentile(done, 0.99).toFixed(1),
  };
}

export const coachScenario: BenchScenario = {
  name: 'coach',
  async seed({ db, userId }) {
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let c = 0; c < CONVERSATIONS; c++) {
      const at = new Date(base + c * 3_600_000).toISOString();
      const uuid = c === 0 ? KNOWN : `00000000-0000-4000-8000-${String(c + 1).padStart(12, '0')}`;
      const row = await db
        .insertInto('coach_conversations')
        .values({
          user_id: userId,
          conversation_uuid: uuid,
          coach_type: ['workout', 'vocational', 'assistant'][c % 3] as string,
          title: c % 2 ? `Conversation ${c}` : null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('coach_messages')
        .values(
          Array.from({ length: MESSAGES_EACH }, (_, i) => ({
            user_id: userId,
            conversation_id: row.id,
            role: i % 2 ? 'assistant' : 'user',
            content: `${i % 2 ? 'Here is a plan' : 'Question'} ${i}: ${'lorem ipsum '.repeat(40)}`,
            thoughts: null,
            created_at: at,
          })),
        )
        .execute();
    }
    // One coach with settings the user saved (their meta information, the built-in prompts), so
    // its twin sends the same texts; the assistant's settings are the defaults, never stored.
    await db
      .insertInto('coach_meta')
      .values({
        user_id: userId,
        coach_type: 'workout',
        meta_content: 'Home gym: dumbbells to 30 kg, a bench and a pull-up bar. Bad left knee.',
        ...DEFAULT_PROMPTS.workout,
        updated_at: new Date(base).toISOString(),
      })
      .execute();
  },
  routes: [
    { label: `GET /api/coach/conversations (first page of ${CONVERSATIONS})`, path: '/api/coach/conversations' },
    { label: `GET /api/coach/conversations/{uuid} (${MESSAGES_EACH} msgs)`, path: `/api/coach/conversations/${KNOWN}` },
    {
      label: 'GET /api/coach/meta/assistant (defaults)',
      path: '/api/coach/meta/assistant',
      // Nothing stored: a bare handler answers the built-in prompts, as the route does.
      twinWithoutRows: { coach_type: 'assistant', meta_content: '', ...DEFAULT_PROMPTS.assistant, customized: false },
    },
    { label: 'GET /api/coach/meta/workout (saved settings)', path: '/api/coach/meta/workout' },
    {
      label: `GET /api/coach/conversations?limit=${CONVERSATIONS_PAGE_MAX} (largest page)`,
      path: `/api/coach/conversations?limit=${CONVERSATIONS_PAGE_MAX}`,
    },
  ],
  measure: async ({ baseUrl, token }) => [await briefingStream(baseUrl, token, 50)],
};
