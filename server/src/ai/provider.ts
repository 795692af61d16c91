import { createSdkProvider } from './sdkProvider.js';
import { AiError, type AiProvider, type AiProviderConfig } from './types.js';

export * from './types.js';

export const NO_PROVIDER_MESSAGE = 'No AI provider is configured (LLM_PROVIDER=none).';

/** The provider used when LLM_PROVIDER is 'none': every call says so, and callers fall back. */
function noneProvider(): AiProvider {
  const fail = () => new AiError(NO_PROVIDER_MESSAGE);
  return {
    name: 'none',
    model: null,
    enabled: false,
    generateObject: async () => {
      throw fail();
    },
    generateText: async () => {
      throw fail();
    },
    streamText: () => ({
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          throw fail();
        },
      }),
    }),
    health: async () => ({
      provider: 'none',
      model: null,
      reachable: false,
      latencyMs: null,
      error: NO_PROVIDER_MESSAGE,
    }),
  };
}

export function createAiProvider(cfg: AiProviderConfig): AiProvider {
  if (cfg.provider === 'none') return noneProvider();
  return createSdkProvider(cfg);
}
