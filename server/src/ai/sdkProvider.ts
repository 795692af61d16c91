import type { LanguageModel } from 'ai';
import { toAiError } from './errors.js';
import type { AiHealth, AiProvider, AiProviderConfig, ChatMessage } from './types.js';

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;

function modelIdOf(cfg: AiProviderConfig): string {
  switch (cfg.provider) {
    case 'openai-compatible':
      if (!cfg.baseUrl || !cfg.model) throw new Error('openai-compatible needs LLM_BASE_URL and LLM_MODEL');
      return cfg.model;
    case 'openai':
      return cfg.model || DEFAULT_MODELS.openai;
    case 'anthropic':
      return cfg.model || DEFAULT_MODELS.anthropic;
    default:
      throw new Error(`Unknown AI provider ${cfg.provider}`);
  }
}

/** Only the configured provider's package is loaded. */
async function languageModel(cfg: AiProviderConfig, modelId: string): Promise<LanguageModel> {
  switch (cfg.provider) {
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const p = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: cfg.baseUrl as string,
        apiKey: cfg.apiKey || undefined,
        supportsStructuredOutputs: true,
      });
      return p.chatModel(modelId);
    }
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl || undefined }).chat(modelId);
    }
    default: {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl || undefined })(modelId);
    }
  }
}

async function loadSdk(cfg: AiProviderConfig, modelId: string) {
  const [ai, model] = await Promise.all([import('ai'), languageModel(cfg, modelId)]);
  return { ai, model };
}

const toModelMessages = (messages: ChatMessage[]) => messages.map((m) => ({ role: m.role, content: m.content }));

/**
 * The AI SDK behind the AiProvider interface: bounded retries, a timeout, clear errors.
 *
 * The SDK and the provider's package (about 150-200 ms of module loading) are loaded on the
 * first call, not at start-up: an instance without an AI provider never loads them, and one
 * with a provider starts as fast. Loaded once; a failed load is tried again on the next call.
 */
export function createSdkProvider(cfg: AiProviderConfig): AiProvider {
  const modelId = modelIdOf(cfg);
  let loading: ReturnType<typeof loadSdk> | undefined;
  let loaded: Awaited<ReturnType<typeof loadSdk>> | undefined;
  const sdk = () => {
    loading ??= loadSdk(cfg, modelId).then(
      (s) => {
        loaded = s;
        return s;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const fail = (err: unknown, signal?: AbortSignal) =>
    toAiError(err, { apiKey: cfg.apiKey, callerAborted: signal?.aborted ?? false, sdk: loaded?.ai });
  const common = (model: LanguageModel, signal?: AbortSignal) => ({
    model,
    maxRetries: cfg.maxRetries,
    abortSignal: signal,
    timeout: { totalMs: cfg.timeoutMs },
  });

  return {
    name: cfg.provider,
    model: modelId,
    enabled: true,

    async generateObject({ system, prompt, schema, signal }) {
      try {
        const { ai, model } = await sdk();
        const result = await ai.generateText({
          ...common(model, signal),
          system,
          prompt,
          output: ai.Output.object({ schema }),
        });
        return result.output;
      } catch (err) {
        throw fail(err, signal);
      }
    },

    async generateText({ system, messages, signal }) {
      try {
        const { ai, model } = await sdk();
        const result = await ai.generateText({ ...common(model, signal), system, messages: toModelMessages(messages) });
        return result.text;
      } catch (err) {
        throw fail(err, signal);
      }
    },

    async *streamText({ system, messages, signal }) {
      let streamError: unknown;
      try {
        const { ai, model } = await sdk();
        const result = ai.streamText({
          ...common(model, signal),
          // A stream may be long; what matters is that it keeps moving.
          timeout: { chunkMs: cfg.timeoutMs },
          system,
          messages: toModelMessages(messages),
          onError: ({ error }) => {
            streamError = error;
          },
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') yield part.text;
          else if (part.type === 'error') throw part.error;
          else if (part.type === 'abort') throw streamError ?? new DOMException('aborted', 'AbortError');
        }
      } catch (err) {
        throw fail(err, signal);
      }
      if (streamError) throw fail(streamError, signal);
    },

    async health(): Promise<AiHealth> {
      try {
        const { ai, model } = await sdk();
        // The latency is the provider's answer, not the first load of the SDK.
        const started = performance.now();
        await ai.generateText({
          ...common(model),
          maxRetries: 0,
          prompt: 'Reply with the single word OK.',
          maxOutputTokens: 16,
        });
        return {
          provider: cfg.provider,
          model: modelId,
          reachable: true,
          latencyMs: Math.round(performance.now() - started),
        };
      } catch (err) {
        return {
          provider: cfg.provider,
          model: modelId,
          reachable: false,
          latencyMs: null,
          error: fail(err).message,
        };
      }
    },
  };
}
