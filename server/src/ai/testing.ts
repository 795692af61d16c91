import type { FakeOpenAi } from '../test/fakeOpenAi.js';
import { type AiProvider, type AiProviderConfig, createAiProvider } from './provider.js';

/** The real OpenAI-compatible provider pointed at a fake server: no retries, a 5 s timeout. */
export function providerFor(fake: FakeOpenAi, overrides: Partial<AiProviderConfig> = {}): AiProvider {
  return createAiProvider({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    model: 'fake-model',
    timeoutMs: 5000,
    maxRetries: 0,
    ...overrides,
  });
}
