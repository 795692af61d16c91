import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type FakeOpenAi, type FakeReply, startFakeOpenAi } from '../test/fakeOpenAi.js';
import { createHarness, createUserAndSignIn } from '../test/harness.js';
import { AI_MESSAGES } from './errors.js';
import { AiError, type AiProvider, createAiProvider } from './provider.js';
import { providerFor } from './testing.js';

const KEY = 'sk-test-secret-key-123';
let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function providerAnswering(
  reply: (req: {
    messages: Array<{ role: string; content: string }>;
    stream: boolean;
  }) => FakeReply | Promise<FakeReply>,
  opts: { timeoutMs?: number; maxRetries?: number } = {},
): Promise<AiProvider> {
  fake = await startFakeOpenAi(reply);
  return providerFor(fake, { apiKey: KEY, ...opts });
}

async function caught(p: Promise<unknown>): Promise<AiError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(AiError);
  return err as AiError;
}

const recipe = z.object({ name: z.string(), minutes: z.number().int().positive() });

describe('AI provider over the OpenAI-compatible protocol', () => {
  it('returns structured output validated by the schema, asking for a JSON schema', async () => {
    const ai = await providerAnswering(() => JSON.stringify({ name: 'Squats', minutes: 5 }));
    const out = await ai.generateObject({ system: 'You plan.', prompt: 'One exercise', schema: recipe });
    expect(out).toEqual({ name: 'Squats', minutes: 5 });
    const body = fake?.requests[0];
    expect(body.model).toBe('fake-model');
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.messages[0]).toMatchObject({ role: 'system', content: 'You plan.' });
  });

  it('rejects output that does not match the schema with a clear AiError', async () => {
    const ai = await providerAnswering(() => JSON.stringify({ name: 'Squats', minutes: 'five' }));
    const err = await caught(ai.generateObject({ system: 's', prompt: 'p', schema: recipe }));
    expect(err.message).toBe(AI_MESSAGES.invalidOutput);
  });

  it('generates text from a conversation', async () => {
    const ai = await providerAnswering((req) => `You said: ${req.messages.at(-1)?.content}`);
    const text = await ai.generateText({
      system: 'Echo',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        { role: 'user', content: 'again' },
      ],
    });
    expect(text).toBe('You said: again');
    expect(fake?.requests[0].messages.map((m: { role: string }) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
  });

  it('streams text deltas in order', async () => {
    const ai = await providerAnswering(() => ({ chunks: ['Warm ', 'up ', 'first.'] }));
    const parts: string[] = [];
    for await (const d of ai.streamText({ system: 's', messages: [{ role: 'user', content: 'go' }] })) parts.push(d);
    expect(parts.join('')).toBe('Warm up first.');
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(fake?.requests[0].stream).toBe(true);
  });

  it('throws an AiError mid-stream when the provider fails after some chunks', async () => {
    const ai = await providerAnswering(() => ({ chunks: ['one ', 'two ', 'three'], failAfter: 2 }));
    const parts: string[] = [];
    const run = async () => {
      for await (const d of ai.streamText({ system: 's', messages: [{ role: 'user', content: 'go' }] })) parts.push(d);
    };
    const err = await caught(run());
    expect(parts.join('')).toBe('one two ');
    expect(err.message).toBe(AI_MESSAGES.providerError);
    expect(err.details).toContain('upstream model crashed');
  });

  it('maps a provider error status to a clear message and retries a bounded number of times', async () => {
    const ai = await providerAnswering(() => ({ status: 500, body: { error: { message: 'boom' } } }), {
      maxRetries: 1,
    });
    const err = await caught(ai.generateText({ system: 's', messages: [{ role: 'user', content: 'x' }] }));
    expect(err.message).toBe(AI_MESSAGES.providerError);
    expect(fake?.requests).toHaveLength(2);
  });

  it('says the credentials were rejected on 401, without the key in the details', async () => {
    const ai = await providerAnswering(() => ({ status: 401, body: { error: { message: `bad key ${KEY}` } } }));
    const err = await caught(ai.generateText({ system: 's', messages: [{ role: 'user', content: 'x' }] }));
    expect(err.message).toBe(AI_MESSAGES.auth);
    expect(`${err.message} ${err.details}`).not.toContain(KEY);
  });

  it('times out a provider that does not answer', async () => {
    const ai = await providerAnswering(() => new Promise<FakeReply>((r) => setTimeout(() => r('late'), 3000)), {
      timeoutMs: 200,
    });
    const err = await caught(ai.generateText({ system: 's', messages: [{ role: 'user', content: 'x' }] }));
    expect(err.message).toBe(AI_MESSAGES.timeout);
  });

  it('reports a cancelled call as cancelled, not as a timeout', async () => {
    const ai = await providerAnswering(() => new Promise<FakeReply>((r) => setTimeout(() => r('late'), 3000)));
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const err = await caught(
      ai.generateText({ system: 's', messages: [{ role: 'user', content: 'x' }], signal: ctl.signal }),
    );
    expect(err.message).toBe(AI_MESSAGES.cancelled);
  });

  it('says the provider cannot be reached when nothing listens', async () => {
    fake = await startFakeOpenAi(() => 'x');
    const baseUrl = fake.baseUrl;
    await fake.close();
    fake = undefined;
    const ai = createAiProvider({ provider: 'openai-compatible', baseUrl, model: 'm', timeoutMs: 2000, maxRetries: 0 });
    const err = await caught(ai.generateText({ system: 's', messages: [{ role: 'user', content: 'x' }] }));
    expect(err.message).toBe(AI_MESSAGES.unreachable);
    const health = await ai.health();
    expect(health).toMatchObject({ provider: 'openai-compatible', model: 'm', reachable: false, latencyMs: null });
    expect(health.error).toBe(AI_MESSAGES.unreachable);
  });

  it('health reports reachability and latency', async () => {
    const ai = await providerAnswering(() => 'OK');
    const health = await ai.health();
    expect(health).toMatchObject({ provider: 'openai-compatible', model: 'fake-model', reachable: true });
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("loads the provider's package on the first call and tries again after a failed load", async () => {
    vi.doMock('@ai-sdk/openai-compatible', () => {
      throw new Error('Cannot find package @ai-sdk/openai-compatible');
    });
    try {
      const ai = await providerAnswering((req) => `You said: ${req.messages.at(-1)?.content}`);
      const messages = [{ role: 'user' as const, content: 'hello' }];
      const err = await caught(ai.generateText({ system: 'Echo', messages }));
      expect(err.message).toBe(AI_MESSAGES.failed);
      expect(fake?.requests).toHaveLength(0);
      const health = await ai.health();
      expect(health).toMatchObject({ reachable: false, error: AI_MESSAGES.failed });

      vi.doUnmock('@ai-sdk/openai-compatible');
      expect(await ai.generateText({ system: 'Echo', messages })).toBe('You said: hello');
      expect(fake?.requests).toHaveLength(1);
    } finally {
      vi.doUnmock('@ai-sdk/openai-compatible');
    }
  });
});

describe('no provider', () => {
  const ai = createAiProvider({ provider: 'none', timeoutMs: 1000, maxRetries: 0 });

  it('is disabled and every call throws an AiError so callers fall back', async () => {
    expect(ai.enabled).toBe(false);
    expect(ai.model).toBeNull();
    await caught(ai.generateObject({ system: 's', prompt: 'p', schema: recipe }));
    await caught(ai.generateText({ system: 's', messages: [] }));
    const iterate = async () => {
      for await (const _ of ai.streamText({ system: 's', messages: [] })) {
        /* never reached */
      }
    };
    await caught(iterate());
    expect(await ai.health()).toMatchObject({ provider: 'none', reachable: false, latencyMs: null });
  });
});

describe('GET /api/health/llm', () => {
  it('reports the configured provider to a signed-in user and never the key', async () => {
    const ai = await providerAnswering(() => 'OK');
    const h = await createHarness({ ai });
    try {
      const anon = await h.app.inject({ method: 'GET', url: '/api/health/llm' });
      expect(anon.statusCode).toBe(401);
      const c = await createUserAndSignIn(h, 'llmcheck');
      const res = await c.request({ method: 'GET', url: '/api/health/llm' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ provider: 'openai-compatible', model: 'fake-model', reachable: true });
      expect(res.body).not.toContain(KEY);
      expect(h.logs.join('')).not.toContain(KEY);
    } finally {
      await h.close();
    }
  });

  it('says offline when no provider is configured', async () => {
    const h = await createHarness();
    try {
      const c = await createUserAndSignIn(h, 'llmnone');
      const res = await c.request({ method: 'GET', url: '/api/health/llm' });
      expect(res.json()).toMatchObject({ provider: 'none', model: null, reachable: false });
    } finally {
      await h.close();
    }
  });
});

describe('LLM configuration', () => {
  it('defaults to no provider and checks what each provider needs', async () => {
    const { loadConfig } = await import('../config.js');
    expect(loadConfig({}).llm).toMatchObject({ provider: 'none', timeoutMs: 60000, maxRetries: 2 });
    expect(() => loadConfig({ LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_PROVIDER: 'anthropic' })).toThrow(/LLM_API_KEY/);
    expect(() => loadConfig({ LLM_PROVIDER: 'gemini' })).toThrow(/LLM_PROVIDER/);
    const cfg = loadConfig({
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_MODEL: 'llama3.2',
      LLM_TIMEOUT_MS: '5000',
    });
    expect(cfg.llm).toMatchObject({ provider: 'openai-compatible', model: 'llama3.2', timeoutMs: 5000 });
  });
});
