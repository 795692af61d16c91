import { generationFailed, WORKOUT_MESSAGES } from '#common/workoutConstants.js';
import { apiRequest } from '../../api/client';

export interface PlanRecordData {
  id: number;
  date: string;
  plan: string;
}

export interface StreamHandlers {
  onOpen(): void;
  onProgress(progress: number, message: string): void;
  onWarning(message: string): void;
}

/** One server-sent event from a text/event-stream body. */
function parseBlock(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || !line) continue;
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return data.length || event !== 'message' ? { event, data: data.join('\n') } : null;
}

function errorText(raw: string): string {
  if (!raw.trim()) return WORKOUT_MESSAGES.emptyError;
  try {
    const e = JSON.parse(raw) as { error?: unknown; details?: unknown };
    if (typeof e?.error !== 'string' || !e.error) return WORKOUT_MESSAGES.emptyError;
    return generationFailed(e.error, typeof e.details === 'string' ? e.details : undefined);
  } catch {
    return WORKOUT_MESSAGES.unparseableError;
  }
}

function completedRecord(raw: string): PlanRecordData {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new Error(WORKOUT_MESSAGES.unparseablePlan);
  }
  const d = data as Partial<PlanRecordData> | null;
  if (!d || typeof d.id !== 'number' || typeof d.date !== 'string' || typeof d.plan !== 'string') {
    throw new Error(WORKOUT_MESSAGES.incompletePlan);
  }
  return { id: d.id, date: d.date, plan: d.plan };
}

/**
 * Runs GET /api/workout/stream and resolves with the stored plan. Uses fetch (not EventSource)
 * so that the bearer token is sent and aborting the signal closes the connection, which
 * cancels the generation on the server. Rejects with the spec's messages.
 */
export async function streamWorkout(
  q: { date: string; customPrompt?: string },
  h: StreamHandlers,
  signal: AbortSignal,
): Promise<PlanRecordData> {
  let res: Response;
  try {
    // An expired session (401) signs out like every other call; other refusals show the message.
    res = await apiRequest('/workout/stream', {
      query: { date: q.date, customPrompt: q.customPrompt || undefined },
      headers: { Accept: 'text/event-stream' },
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new Error(WORKOUT_MESSAGES.connectionError);
  }
  if (!res.ok || !res.body) throw new Error(WORKOUT_MESSAGES.connectionError);
  h.onOpen();

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let cut = buffer.indexOf('\n\n');
      while (cut !== -1) {
        const ev = parseBlock(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        if (!ev) continue;
        if (ev.event === 'progress') {
          try {
            const p = JSON.parse(ev.data) as { progress?: number; message?: string };
            if (typeof p.progress === 'number') h.onProgress(p.progress, p.message ?? '');
          } catch {
            // A progress event that cannot be read changes nothing.
          }
        } else if (ev.event === 'warning') {
          try {
            h.onWarning((JSON.parse(ev.data) as { message?: string }).message ?? '');
          } catch {
            // Same for a warning.
          }
        } else if (ev.event === 'error') {
          throw new Error(errorText(ev.data));
        } else if (ev.event === 'completed') {
          return completedRecord(ev.data);
        }
      }
    }
  } catch (err) {
    if (signal.aborted) throw err;
    if (err instanceof Error && err.message && !(err instanceof TypeError)) throw err;
    throw new Error(WORKOUT_MESSAGES.connectionLost);
  } finally {
    reader.cancel().catch(() => {});
  }
  throw new Error(WORKOUT_MESSAGES.connectionLost);
}
