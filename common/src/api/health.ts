import { z } from 'zod';

export const llmHealthResponse = z
  .object({
    provider: z.enum(['none', 'openai-compatible', 'openai', 'anthropic']),
    model: z.string().nullable(),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    error: z.string().optional(),
  })
  .meta({ id: 'LlmHealth' });
export type LlmHealthResponse = z.infer<typeof llmHealthResponse>;
