import type { Client } from '../../test/harness.js';

export interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: event payloads are checked by each test
  data: any;
}

/** Parses a complete server-sent-events body into its events (comments dropped). */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').filter((l) => l && !l.startsWith(':')))
    .filter((lines) => lines.length > 0)
    .map((lines) => ({
      event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message',
      data: JSON.parse(
        lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n'),
      ),
    }));
}

/** Generates a plan for `date` (the user's today when absent). */
export async function generate(c: Client, date?: string, customPrompt?: string) {
  const qs = new URLSearchParams({ ...(date ? { date } : {}), ...(customPrompt ? { customPrompt } : {}) });
  const res = await c.request({ method: 'GET', url: `/api/workout/stream?${qs}` });
  return { res, events: parseSse(res.body) };
}
