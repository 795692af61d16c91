import http from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON that tests inspect freely
type Json = any;

export interface FakeRequest {
  messages: Array<{ role: string; content: string }>;
  stream: boolean;
  body: Json;
}
export type FakeReply = string | { chunks: string[]; failAfter?: number } | { status: number; body: unknown };

export interface FakeOpenAi {
  /** Ends in /v1, as LLM_BASE_URL would. */
  baseUrl: string;
  /** Every request body received, in order. */
  requests: Json[];
  close(): Promise<void>;
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('')
      : '';

/**
 * A local server speaking the OpenAI chat-completions wire protocol (plain JSON, and SSE chunks
 * ending in `data: [DONE]` when `stream: true`), so that tests drive the real SDK code path.
 */
export async function startFakeOpenAi(
  reply: (req: FakeRequest) => FakeReply | Promise<FakeReply>,
): Promise<FakeOpenAi> {
  const requests: Json[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw || '{}');
      requests.push(body);
      const messages = (body.messages ?? []).map((m: Json) => ({ role: m.role, content: textOf(m.content) }));
      const stream = body.stream === true;
      let answer: FakeReply;
      try {
        answer = await reply({ messages, stream, body });
      } catch (err) {
        answer = { status: 500, body: { error: { message: String(err) } } };
      }
      if (typeof answer === 'object' && 'status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
        return;
      }
      const chunks = typeof answer === 'string' ? splitText(answer) : answer.chunks;
      const failAfter = typeof answer === 'string' ? undefined : answer.failAfter;
      const model = body.model ?? 'fake-model';
      const created = Math.floor(Date.now() / 1000);
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: chunks.join('') }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const chunk = (delta: object, finish: string | null = null) =>
        send({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        });
      chunk({ role: 'assistant', content: '' });
      for (let i = 0; i < chunks.length; i++) {
        if (failAfter !== undefined && i >= failAfter) {
          send({ error: { message: 'The upstream model crashed', type: 'server_error', code: 'internal_error' } });
          res.end();
          return;
        }
        chunk({ content: chunks[i] });
      }
      chunk({}, 'stop');
      res.write('data: [DONE]\n\n');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function splitText(text: string): string[] {
  const size = Math.max(1, Math.ceil(text.length / 3));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}
