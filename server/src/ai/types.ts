import type { z } from 'zod';
import type { PROVIDER_NAMES } from '#common/api/health.js';

/** The AI layer's shared shapes, apart from the providers that implement them. */
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A provider failure. `message` is safe and clear for the user; `details` is technical (never holds the key). */
export class AiError extends Error {
  constructor(
    message: string,
    readonly details?: string,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

export interface AiHealth {
  provider: ProviderName;
  model: string | null;
  reachable: boolean;
  latencyMs: number | null;
  error?: string;
}

export interface AiProvider {
  readonly name: ProviderName;
  readonly model: string | null;
  /** false for 'none': callers use their deterministic fallback. */
  readonly enabled: boolean;
  /** Output validated with the zod schema; throws AiError. */
  generateObject<T>(o: { system: string; prompt: string; schema: z.ZodType<T>; signal?: AbortSignal }): Promise<T>;
  generateText(o: { system: string; messages: ChatMessage[]; signal?: AbortSignal }): Promise<string>;
  /** Text deltas; throws AiError mid-stream on provider failure. */
  streamText(o: { system: string; messages: ChatMessage[]; signal?: AbortSignal }): AsyncIterable<string>;
  health(): Promise<AiHealth>;
}

export interface AiProviderConfig {
  provider: ProviderName;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
  maxRetries: number;
}
