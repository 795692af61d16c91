import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type LanguageModel, Output, streamText } from 'ai';
import { toAiError } from './errors.js';
import type { AiHealth, AiProvider, AiProviderConfig, ChatMessage } from './types.js';

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;

function languageModel(cfg: AiProviderConfig): { model: LanguageModel; modelId: string } {
  switch (cfg.provider) {
    case 'openai-compatible': {
      if (!cfg.baseUrl || !cfg.model) throw new Error('openai-compatible needs LLM_BASE_URL and LLM_MODEL');
      const p = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: cfg.baseUrl,
        apiKey: cfg.apiKey || undefined,
        supportsStructuredOutputs: true,
      });
      return { model: p.chatModel(cfg.model), modelId: cfg.model };
    }
    case 'openai': {
      const modelId = cfg.model || DEFAULT_MODELS.openai;
      const p = createOpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl || undefined });
      return { model: p.chat(modelId), modelId };
    }
    case 'anthropic': {
      const modelId = cfg.model || DEFAULT_MODELS.anthropic;
      const p = createAnthropic({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl || undefined });
      return { model: p(modelId), modelId };
    }
    default:
      throw new Error(`Unknown AI provider ${cfg.provider}`);
  }
}

const toModelMessages = (messages: ChatMessage[]) => messages.map((m) => ({ role: m.role, content: m.content }));

/** The AI SDK behind the AiProvider interface: bounded retries, a timeout, clear errors. */
export function createSdkProvider(cfg: AiProviderConfig): AiProvider {
  const { model, modelId } = languageModel(cfg);
  const fail = (err: unknown, signal?: AbortSignal) =>
    toAiError(err, { apiKey: cfg.apiKey, callerAborted: signal?.aborted ?? false });
  const common = (signal?: AbortSignal) => ({
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
        const result = await generateText({ ...common(signal), system, prompt, output: Output.object({ schema }) });
        return result.output;
      } catch (err) {
        throw fail(err, signal);
      }
    },

    async generateText({ system, messages, signal }) {
      try {
        const result = await generateText({ ...common(signal), system, messages: toModelMessages(messages) });
        return result.text;
      } catch (err) {
        throw fail(err, signal);
      }
    },

    async *streamText({ system, messages, signal }) {
      let streamError: unknown;
      const result = streamText({
        ...common(signal),
        // A stream may be long; what matters is that it keeps moving.
        timeout: { chunkMs: cfg.timeoutMs },
        system,
        messages: toModelMessages(messages),
        onError: ({ error }) => {
          streamError = error;
        },
      });
      try {
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
      const started = performance.now();
      try {
        await generateText({
          ...common(),
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
