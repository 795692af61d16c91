import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ADMIN, submitLogin } from './helpers.js';

/**
 * A second instance of the built app on a free port with its own data directory, so a spec's
 * data never meets another spec's. With `llmReply`, it is configured to use a slow OpenAI-compatible
 * server that streams its reply in timed pieces; the suite's own server stays provider-free.
 */
export interface LlmApp {
  baseUrl: string;
  requests: Array<{ messages: Array<{ role: string; content: string }> }>;
  /** The instance's DATA_DIR (for the command-line tools). */
  dataDir: string;
  close(): Promise<void>;
}

export async function startAppWithFakeLlm(pieces: string[], delayMs: number): Promise<LlmApp> {
  return startApp({ pieces, delayMs });
}

/**
 * `env` adds or overrides environment variables of the app (e.g. GOOGLE_* pointed at a local
 * stand-in); it is applied last.
 */
export async function startApp(
  llmReply?: { pieces: string[]; delayMs: number },
  env: Record<string, string> = {},
): Promise<LlmApp> {
  const pieces = llmReply?.pieces ?? [];
  const delayMs = llmReply?.delayMs ?? 0;
  const requests: LlmApp['requests'] = [];
  const llm = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', async () => {
      requests.push(JSON.parse(raw || '{}'));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (delta: object, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' });
      const body = requests.at(-1);
      // A message containing FAIL gets one piece and then a provider error, as a crashing model would.
      const fail = body?.messages.at(-1)?.content.includes('FAIL');
      for (const p of fail ? pieces.slice(0, 1) : pieces) {
        await new Promise((r) => setTimeout(r, delayMs));
        send({ content: p });
      }
      if (fail) {
        res.end(`data: ${JSON.stringify({ error: { message: 'model crashed', type: 'server_error' } })}\n\n`);
        return;
      }
      send({}, 'stop');
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  const llmPort = (llm.address() as AddressInfo).port;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-e2e-llm-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      ...(llmReply
        ? {
            LLM_PROVIDER: 'openai-compatible',
            LLM_BASE_URL: `http://127.0.0.1:${llmPort}/v1`,
            LLM_MODEL: 'fake-model',
            LLM_MAX_RETRIES: '0',
          }
        : { LLM_PROVIDER: 'none' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`app did not start: ${out}`)), 30_000);
    child.stdout?.on('data', (c) => {
      out += c;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`app exited (${code}): ${out}`)));
  });
  return {
    baseUrl,
    requests,
    dataDir,
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      llm.closeAllConnections();
      await new Promise((r) => llm.close(r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the administrator on an app started here and waits for `next`. */
export async function signInAt(page: Page, baseUrl: string, next: string) {
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
  await submitLogin(page);
  await expect(page).toHaveURL(new RegExp(next));
}
