/**
 * Drives scripts/cluster.sh for the cluster tests: starts three built instances on one
 * PostgreSQL behind HAProxy on loopback, reads its run directory, and talks to it over HTTP.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Cluster {
  dir: string;
  /** HAProxy's address. */
  proxy: string;
  port: number;
  instances: number;
  databaseUrl: string;
  adminPassword: string;
  drainMs: number;
  graceMs: number;
  statsPort: number;
  instanceUrl(n: number): string;
  pid(n: number): number;
  /** The exit status the wrapper recorded for instance n, or null while it runs. */
  exitStatus(n: number): string | null;
  /** HAProxy's view of instance n: UP, DOWN, … */
  proxyStatus(n: number): Promise<string>;
  script(...args: string[]): Promise<{ code: number; output: string }>;
  stop(): Promise<void>;
}

export function runScript(dir: string, env: Record<string, string>, args: string[]) {
  return new Promise<{ code: number; output: string }>((resolve, reject) => {
    const child = spawn('bash', [path.join(ROOT, 'scripts/cluster.sh'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, CLUSTER_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

function readState(dir: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const line of fs.readFileSync(path.join(dir, 'cluster.env'), 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) state[line.slice(0, at)] = line.slice(at + 1).replaceAll("'", '');
  }
  return state;
}

/**
 * A random block of 20 ports below the range the kernel gives clients' connections (32768 and up
 * on Linux): a port in that range can be taken by any connection between the check that it is
 * free and HAProxy's bind, and the tests before this one leave thousands in TIME_WAIT.
 */
export function portBlock(): number {
  let low = 32_768;
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // not Linux: keep the usual bound
  }
  const first = 10_000;
  const blocks = Math.max(1, Math.floor((low - first - 20) / 20));
  return first + Math.floor(Math.random() * blocks) * 20;
}

/**
 * Starts the cluster on a free block of ports (HAProxy, the instances, statistics, PostgreSQL).
 * `env` reaches every instance, restarted ones too.
 */
export async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-cluster-test-'));
  fs.rmdirSync(dir);
  let started: { code: number; output: string } | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const base = portBlock();
    started = await runScript(dir, { ...env, CLUSTER_PORT: String(base) }, ['start']);
    if (started.code === 0) break;
    await runScript(dir, {}, ['stop']);
    if (!/is in use/.test(started.output)) break;
  }
  if (started?.code !== 0) throw new Error(`the cluster did not start:\n${started?.output}`);
  const s = readState(dir);
  const port = Number(s.PORT);
  const statsPort = Number(s.STATS_PORT);
  return {
    dir,
    proxy: `http://127.0.0.1:${port}`,
    port,
    instances: Number(s.INSTANCES),
    databaseUrl: s.DATABASE_URL ?? '',
    adminPassword: s.ADMIN_PASSWORD ?? '',
    drainMs: Number(s.DRAIN_MS),
    graceMs: Number(s.GRACE_MS),
    statsPort,
    instanceUrl: (n) => `http://127.0.0.1:${port + n}`,
    pid: (n) => Number(fs.readFileSync(path.join(dir, `instance-${n}.pid`), 'utf8').trim()),
    exitStatus(n) {
      try {
        return fs.readFileSync(path.join(dir, `instance-${n}.exit`), 'utf8').trim() || null;
      } catch {
        return null;
      }
    },
    async proxyStatus(n) {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
      for (const line of csv.split('\n')) {
        const f = line.split(',');
        if (f[0] === 'instances' && f[1] === `app${n}`) return f[17] ?? '';
      }
      return '';
    },
    script: (...args) => runScript(dir, env, args),
    async stop() {
      await runScript(dir, {}, ['stop']);
    },
  };
}

export interface Answer {
  status: number;
  servedBy: string | null;
  connection: string | null;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  json: any;
}

/** One request; a body is sent as JSON. Network errors are thrown. */
export async function call(
  url: string,
  opts: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return {
    status: res.status,
    servedBy: res.headers.get('x-served-by'),
    connection: res.headers.get('connection'),
    text,
    json,
  };
}

/** One request on a connection of its own (closed after the answer), as `call` otherwise. */
export function callFresh(
  url: string,
  opts: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const u = new URL(url);
  const text = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string | number> = { connection: 'close' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (text !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(text);
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: opts.method ?? 'GET',
        path: u.pathname + u.search,
        agent: false,
        headers,
      },
      (res) => {
        let out = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          out += d;
        });
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(out);
          } catch {
            // not JSON
          }
          const served = res.headers['x-served-by'];
          resolve({
            status: res.statusCode ?? 0,
            servedBy: typeof served === 'string' ? served : null,
            connection: res.headers.connection ?? null,
            text: out,
            json,
          });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', reject);
    req.end(text);
  });
}

export interface StreamEvent {
  event: string;
  data: unknown;
  /** ms since the request was sent. */
  at: number;
  /** Which read of the body it came in (0 = the first). */
  chunk: number;
}

/** Reads a server-sent-event stream to its end, noting when (and in which read) each event arrived. */
export async function readEvents(url: string, token: string, body?: unknown) {
  const sent = Date.now();
  const res = await fetch(url, {
    ...(body === undefined
      ? {}
      : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: new URL(url).origin }),
    },
    signal: AbortSignal.timeout(30_000),
  });
  const events: StreamEvent[] = [];
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let chunk = 0;
  while (reader) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) events.push({ event, data: JSON.parse(data), at: Date.now() - sent, chunk });
    }
    chunk++;
  }
  return { status: res.status, servedBy: res.headers.get('x-served-by'), events };
}

/**
 * A POST whose body is sent in two parts: the request is in flight (its headers read, its body
 * not) until `finish` sends the rest.
 */
export function slowPost(baseUrl: string, urlPath: string, token: string, body: unknown) {
  const text = JSON.stringify(body);
  const url = new URL(baseUrl);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: urlPath,
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let out = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        out += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: out }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  req.write(text.slice(0, 4));
  return { answer, finish: () => req.end(text.slice(4)) };
}

export interface LoadRecord {
  client: number;
  kind: 'read' | 'write' | 'stream';
  start: number;
  end: number;
  status: number | null;
  error?: string;
  text?: string;
}

/**
 * Clients that each read their todos, add todos with unique contents, and (with `streams`)
 * generate a workout over a stream, without pause, recording every answer. With
 * `freshConnections` each request opens a connection of its own (else they are kept alive). Stop it to get
 * the records and which contents were sent and acknowledged.
 */
export function startLoad(
  proxy: string,
  tokens: string[],
  tag: string,
  opts: { streams?: boolean; freshConnections?: boolean } = {},
) {
  const send = opts.freshConnections ? callFresh : call;
  let running = true;
  const records: LoadRecord[] = [];
  const sent = new Map<string, number>();
  const acknowledged = new Map<string, number>();
  let seq = 0;
  const client = async (i: number) => {
    const token = tokens[i] as string;
    while (running) {
      const r = Math.random();
      const start = Date.now();
      if (opts.streams && i === 0 && r < 0.15) {
        try {
          const s = await readEvents(`${proxy}/api/workout/stream`, token);
          const complete = s.events.some((e) => e.event === 'completed');
          records.push({
            client: i,
            kind: 'stream',
            start,
            end: Date.now(),
            status: complete ? s.status : -1,
            ...(complete ? {} : { error: `stream ended without completed: ${JSON.stringify(s.events)}` }),
          });
        } catch (err) {
          records.push({ client: i, kind: 'stream', start, end: Date.now(), status: null, error: String(err) });
        }
        continue;
      }
      const write = r < 0.5;
      const content = `${tag} ${i}-${seq++}`;
      try {
        if (write) sent.set(content, i);
        const a = write
          ? await send(`${proxy}/api/todos`, { method: 'POST', token, body: { content } })
          : await send(`${proxy}/api/todos`, { token });
        records.push({
          client: i,
          kind: write ? 'write' : 'read',
          start,
          end: Date.now(),
          status: a.status,
          ...(a.status >= 300 ? { text: a.text } : {}),
        });
        if (write && a.status === 201) acknowledged.set(content, i);
      } catch (err) {
        records.push({
          client: i,
          kind: write ? 'write' : 'read',
          start,
          end: Date.now(),
          status: null,
          error: String(err),
        });
      }
      await new Promise((res) => setTimeout(res, 5));
    }
  };
  const clients = tokens.map((_, i) => client(i));
  return {
    records,
    async stop() {
      running = false;
      await Promise.all(clients);
      return { records, sent, acknowledged };
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 50 ms until it returns a value (not undefined), or fails after `ms`. */
export async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
