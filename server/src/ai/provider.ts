import { AI_TEXTS } from '#common/aiTexts.js';
import { AI_ADMIN_HINTS } from './errors.js';
import { createSdkProvider } from './sdkProvider.js';
import { AiError, type AiProvider, type AiProviderConfig } from './types.js';

export * from './types.js';

/** What a user reads when no model is connected; the administrator's side is AI_ADMIN_HINTS.none. */
export const NO_PROVIDER_MESSAGE = AI_TEXTS.notConnected;

/** The provider used when LLM_PROVIDER is 'none': every call says so, and callers fall back. */
function noneProvider(): AiProvider {
  const fail = () => new AiError(NO_PROVIDER_MESSAGE, AI_ADMIN_HINTS.none);
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
