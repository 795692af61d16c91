import type { ZodType } from 'zod';
import { ApiError } from './client';

/**
 * Reads a server-sent-events response (`data: {json}` blocks) and calls `onEvent` with each event
 * that passes `schema`. A non-OK answer before the stream starts throws ApiError with the
 * server's text, else 'HTTP error! status: n'.
 */
export async function readEventStream<T>(res: Response, schema: ZodType<T>, onEvent: (e: T) => void): Promise<void> {
  if (!res.ok || !res.body) {
    const data = await res.json().catch(() => undefined);
    const text = (data as { error?: string } | undefined)?.error;
    throw new ApiError(res.status, text ?? `HTTP error! status: ${res.status}`, data);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (data) {
        const parsed = schema.safeParse(JSON.parse(data));
        if (parsed.success) onEvent(parsed.data);
      }
      end = buffer.indexOf('\n\n');
    }
  }
}
