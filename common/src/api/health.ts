import { z } from 'zod';

/** The AI providers the server can be configured with (`LLM_PROVIDER`). */
export const PROVIDER_NAMES = ['none', 'openai-compatible', 'openai', 'anthropic'] as const;

export const llmHealthResponse = z
  .object({
    provider: z.enum(PROVIDER_NAMES),
    model: z.string().nullable(),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    error: z.string().optional(),
  })
  .meta({ id: 'LlmHealth' });
export type LlmHealthResponse = z.infer<typeof llmHealthResponse>;
