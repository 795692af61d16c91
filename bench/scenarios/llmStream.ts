import { startFakeOpenAi } from '../../server/src/test/fakeOpenAi.js';
import { startServer } from '../server.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario } from '../types.js';

/**
 * Measured pairs. A p95 of 40 pairs was the second-slowest pair, and moved by 10 ms between
 * runs; 200 make it the tenth-slowest.
 */
const RUNS = 200;
/** Pairs sent first and not counted: the first compiles the route and opens the connections. */
const WARMUP = 5;
const REPLY = 'Keep it easy today: a 30-minute run and some mobility work. '.repeat(4);

/** Milliseconds from sending `init` to `url` until the body first contains `marker`. */
async function timeToFirst(url: string, init: RequestInit, marker: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  const decoder = new TextDecoder();
  let text = '';
  let first: number | null = null;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (first === null && text.includes(marker)) first = performance.now() - t0;
  }
  if (first === null) throw new Error(`${url}: no ${marker} in the stream`);
  return first;
}

const summary = (label: string, xs: number[]): BenchRow => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    label,
    runs: s.length,
    'p50 ms': percentile(s, 0.5).toFixed(1),
    'p95 ms': percentile(s, 0.95).toFixed(1),
  };
};

/**
 * The time the app adds before the first token of a coach reply: the same local
 * OpenAI-compatible server (server/src/test/fakeOpenAi.ts, streaming at once) called directly
 * and through POST /api/coach/chat/stream of a second server on the bench database, alternately.
 */
export const llmStreamScenario: BenchScenario = {
  name: 'coach reply first token vs the model server called directly',
  async measure({ token, dataDir }) {
    const llm = await startFakeOpenAi(() => REPLY);
    const server = await startServer('dist/bench/server.js', {
      DATA_DIR: dataDir,
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'bench-model',
      LLM_API_KEY: 'bench',
    });
    try {
      const direct: number[] = [];
      const app: number[] = [];
      const overhead: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const d = await timeToFirst(
          `${llm.baseUrl}/chat/completions`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
            body: JSON.stringify({
              model: 'bench-model',
              stream: true,
              messages: [{ role: 'user', content: 'How should I train today?' }],
            }),
          },
          '"content":"Keep',
        );
        const a = await timeToFirst(
          `${server.baseUrl}/api/coach/chat/stream`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              messages: [{ role: 'user', content: 'How should I train today?' }],
              coachType: 'workout',
              conversation_uuid: null,
            }),
          },
          '"type":"delta"',
        );
        if (i < WARMUP) continue;
        direct.push(d);
        app.push(a);
        overhead.push(a - d);
      }
      return [
        summary('model server called directly: first token', direct),
        summary('POST /api/coach/chat/stream: first delta', app),
        summary('added by the app (pairwise difference)', overhead),
      ];
    } finally {
      await server.stop();
      await llm.close();
    }
  },
};
