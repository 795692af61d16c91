import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AiProvider } from '../../ai/provider.js';
import { providerFor } from '../../ai/testing.js';
import { sseSettings } from '../../http/sse.js';
import { type FakeOpenAi, type FakeReply, startFakeOpenAi } from '../../test/fakeOpenAi.js';
import { createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { generate } from './testing.js';

let fake: FakeOpenAi | undefined;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  await fake?.close();
  h = undefined;
  fake = undefined;
});

const exercise = (name: string) => ({
  name,
  instructions: `Do ${name} with good form.`,
  duration_or_reps: '10 reps',
  sets: '3',
  rest_between_sets: '60 seconds',
  reasoning: `${name} builds strength.`,
});
const llmPlan = (minutes: number[], names = ['Goblet Squat']) => ({
  title: 'AI Leg Day',
  description: 'Written by the model',
  estimated_duration: minutes.reduce((a, b) => a + b, 0),
  equipment_needed: ['bowflex weights'],
  notes: 'Hydrate.',
  focus: 'legs',
  intensity: 'moderate',
  workout_sections: minutes.map((m, i) => ({
    section_name: `Part ${i + 1}`,
    duration: m,
    exercises: names.map(exercise),
  })),
});

async function setup(
  reply: (req: { messages: Array<{ role: string; content: string }> }) => FakeReply | Promise<FakeReply>,
  wrap?: (ai: AiProvider) => AiProvider,
) {
  fake = await startFakeOpenAi(reply);
  const ai = providerFor(fake, { model: 'coach-model' });
  h = await createHarness({ ai: wrap ? wrap(ai) : ai });
  return createUserAndSignIn(h, 'llmuser');
}

describe('workout generation through an OpenAI-compatible provider', () => {
  it('stores the model’s plan, with uuids filled, when it is valid', async () => {
    const c = await setup(() => JSON.stringify(llmPlan([5, 20, 5])));
    const { events } = await generate(c, '2026-08-01', 'Focus: legs\nInstructions: no lunges');
    expect(events.map((e) => e.event)).not.toContain('warning');
    const done = events.at(-1);
    expect(done?.event).toBe('completed');
    const plan = JSON.parse(done?.data.plan);
    expect(plan.title).toBe('AI Leg Day');
    expect(plan.uuid).toEqual(expect.any(String));
    expect(plan.workout_sections[1].exercises[0].uuid).toEqual(expect.any(String));
    const prompt = fake?.requests[0].messages.map((m: { content: string }) => m.content).join('\n');
    expect(prompt).toContain('Target duration: 30 minutes');
    expect(prompt).toContain('<request>\nFocus: legs\nInstructions: no lunges\n</request>');
    expect(events.some((e) => e.event === 'progress' && /coach-model/.test(e.data.message))).toBe(true);
  });

  it('falls back to the offline planner with a warning when the output is not valid', async () => {
    const c = await setup(() => '{"title": "half a plan"');
    const { events } = await generate(c, '2026-08-02');
    const warning = events.find((e) => e.event === 'warning');
    expect(warning?.data.message).toMatch(/offline planner/);
    expect(warning?.data.details).toEqual(expect.any(String));
    const done = events.at(-1);
    expect(done?.event).toBe('completed');
    expect(JSON.parse(done?.data.plan).workout_sections.length).toBeGreaterThanOrEqual(3);
  });

  it('falls back with a warning when the plan breaks the rules (wrong total, disliked exercise)', async () => {
    const c = await setup(() => JSON.stringify(llmPlan([5, 60, 5])));
    const { events } = await generate(c, '2026-08-03');
    expect(events.find((e) => e.event === 'warning')?.data.details).toMatch(/70 minutes instead of 30/);
    expect(events.at(-1)?.event).toBe('completed');
    expect(JSON.parse(events.at(-1)?.data.plan).title).not.toBe('AI Leg Day');
  });

  it('sends an error event and stores nothing when the provider fails', async () => {
    const c = await setup(() => ({ status: 500, body: { error: { message: 'model overloaded' } } }));
    const { events } = await generate(c, '2026-08-04');
    const last = events.at(-1);
    expect(last?.event).toBe('error');
    expect(last?.data.error).toBe('The AI model had an error. Please try again.');
    expect(last?.data.details).toContain('model overloaded');
    expect((await c.request({ method: 'GET', url: '/api/workout' })).json().plans).toEqual([]);
  });

  it('sends keep-alive comments while the provider thinks', async () => {
    const before = sseSettings.keepAliveMs;
    sseSettings.keepAliveMs = 20;
    try {
      const c = await setup(
        () => new Promise<FakeReply>((r) => setTimeout(() => r(JSON.stringify(llmPlan([5, 20, 5]))), 200)),
      );
      const { res, events } = await generate(c, '2026-08-06');
      expect(res.body).toContain(': keep-alive');
      expect(events.at(-1)?.event).toBe('completed');
    } finally {
      sseSettings.keepAliveMs = before;
    }
  });

  it('cancels the provider call when the client disconnects', async () => {
    let seen: AbortSignal | undefined;
    const c = await setup(
      () => new Promise<FakeReply>((r) => setTimeout(() => r(JSON.stringify(llmPlan([5, 20, 5]))), 1500)),
      (ai) => ({
        ...ai,
        name: ai.name,
        model: ai.model,
        enabled: true,
        generateObject: (o) => {
          seen = o.signal;
          return ai.generateObject(o);
        },
      }),
    );
    const app = h as Harness;
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/workout/stream?date=2026-08-05',
          headers: { authorization: `Bearer ${c.token}` },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('coach-model')) {
              req.destroy();
              resolve();
            }
          });
        },
      );
      req.on('error', () => {});
      setTimeout(() => reject(new Error('no progress event')), 3000);
    });
    await expect.poll(() => seen?.aborted, { timeout: 2000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 1700));
    expect((await c.request({ method: 'GET', url: '/api/workout' })).json().plans).toEqual([]);
  });
});
