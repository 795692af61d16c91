/**
 * What the coach needs of the AI provider layer (server/src/ai/provider.ts): a streamed chat.
 * `enabled` is false when no provider is configured; the coach then answers from the data.
 */
export interface CoachModel {
  readonly enabled: boolean;
  streamText(o: {
    system: string;
    messages: Array<{ role: 'user' | 'assistant'; content: string }>;
    signal?: AbortSignal;
  }): AsyncIterable<string>;
}

export const noModel: CoachModel = {
  enabled: false,
  // biome-ignore lint/correctness/useYield: a disabled model has nothing to say
  async *streamText() {
    throw new Error('No AI provider is configured');
  },
};

/** The message text of an error that is safe to show the user, else undefined. */
export function userFacingMessage(err: unknown): string | undefined {
  if (err instanceof Error && err.name === 'AiError') return err.message;
  return undefined;
}
