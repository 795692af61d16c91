import fc from 'fast-check';
import { addUser } from '../../features/users/service.js';
import { type ApiDocument, operationsOf } from '../apiDocument.js';
import { type Harness, TEST_PASSWORD } from '../harness.js';
import { checkResponse, type DocCheck, makeChecker } from './checks.js';
import { type Actor, type DocOperation, type FuzzRequest, integerOverrides, requestArb } from './requests.js';
import type { GenContext } from './schemaArb.js';
import { changedTables, type Snapshot, snapshot, tablesOf } from './snapshot.js';

export interface FuzzOptions {
  /** Requests per operation (half valid-shaped, half hostile). */
  perOp: number;
  seed: number;
  /** Valid-shaped requests to each creating operation before the pass (they count). */
  warmUp: number;
  /** Only operations whose id matches. */
  only?: RegExp;
  progress?: (line: string) => void;
}

export interface Finding {
  operation: string;
  actor: Actor;
  kind: string;
  method: string;
  url: string;
  status: number;
  problem: string;
  body: string;
  payload?: string;
}

export interface FuzzReport {
  operations: number;
  requests: number;
  perOperation: Record<string, number>;
  statuses: Record<string, number>;
  /** operation → `actor kind status` → count, to see what the requests reached. */
  outcomes: Record<string, Record<string, number>>;
  findings: Finding[];
  /** A few valid-shaped requests per operation that were refused, to see what the generator misses. */
  refusedValid: Array<{ operation: string; url: string; status: number; body: string; payload?: string }>;
}

const canary = (a: Actor) => `CANARY-${a}`;
const SIGN_IN_IP = '10.200.0.1';

/** Calendar days worth trying: around today, this and last week's Monday, fixed days. */
function datePool(): string[] {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const dow = (new Date().getUTCDay() + 6) % 7;
  return [day(0), day(-1), day(1), day(-dow), day(-dow - 7), day(-dow + 7), '2026-01-05', '2025-12-31', '2024-02-29'];
}

/**
 * Drives every operation of the served document with generated requests as two users and
 * with no credentials, and checks each answer (see checks.ts). Deterministic for a seed
 * except where the app itself draws random ids.
 */
export const timing = { inject: 0, snapshot: 0, generate: 0, check: 0, byOp: {} as Record<string, number> };

export async function fuzz(h: Harness, opts: FuzzOptions): Promise<FuzzReport> {
  const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as ApiDocument;
  const checker = makeChecker(doc);
  const tables = await tablesOf(h.ctx.db);
  const users = {
    alice: (await makeUser(h, 'fuzz_alice')) as { id: number; token: string; key: string },
    bob: (await makeUser(h, 'fuzz_bob')) as { id: number; token: string; key: string },
  };
  const report: FuzzReport = {
    operations: 0,
    requests: 0,
    perOperation: {},
    statuses: {},
    outcomes: {},
    findings: [],
    refusedValid: [],
  };
  const ops: DocOperation[] = operationsOf(doc)
    .map(({ method, path, op }) => ({ id: op.operationId ?? `${method} ${path}`, method, path, op }))
    .filter((d) => !opts.only || opts.only.test(d.id))
    // Reads and writes before deletes, so that the deletes do not empty what the others name.
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE')) as DocOperation[];
  const dates = datePool();
  const mcpTools = await listMcpTools(h, users.alice.key);
  let state = await snapshot(h.ctx.db, tables, h.ctx.dialect);

  // One generator per operation, actor and kind; what exists is read from the latest snapshot.
  const ctxFor =
    (path: string) =>
    (actor: Actor): GenContext => ({
      components: doc.components.schemas as GenContext['components'],
      dates,
      ids: () => {
        const mine = actor === 'anon' ? undefined : idsFor(state.ids.get(users[actor].id), path);
        const theirs = idsFor(actor === 'alice' ? state.ids.get(users.bob.id) : state.ids.get(users.alice.id), path);
        return {
          numbers: [...(mine?.numbers ?? []), ...theirs.numbers],
          strings: [...(mine?.strings ?? []), ...theirs.strings],
        };
      },
      canary: canary(actor),
      mcpTools,
    });

  const send = async (d: DocOperation, req: FuzzRequest) => {
    // What a client of the document sends: JSON, or events where a stream is documented (MCP).
    const headers: Record<string, string> = { accept: 'application/json, text/event-stream', ...req.headers };
    if (req.actor !== 'anon') {
      const u = users[req.actor];
      if ((d.op.security as Array<Record<string, unknown>> | undefined)?.some((s) => 'mcpKey' in s)) {
        headers['x-api-key'] = u.key;
      } else headers.authorization = `Bearer ${u.token}`;
    }
    const before = state;
    const t0 = performance.now();
    const res = await h.app.inject({ method: req.method as 'GET', url: req.url, headers, payload: req.payload });
    const t1 = performance.now();
    const after = await snapshot(h.ctx.db, tables, h.ctx.dialect);
    timing.inject += t1 - t0;
    timing.snapshot += performance.now() - t1;
    timing.byOp[d.id] = (timing.byOp[d.id] ?? 0) + (t1 - t0);
    state = after;
    report.requests++;
    report.perOperation[d.id] = (report.perOperation[d.id] ?? 0) + 1;
    report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
    const outcome = `${req.actor} ${req.kind === 'valid' ? 'valid' : 'hostile'} ${res.statusCode}`;
    const outcomes = report.outcomes[d.id] ?? {};
    report.outcomes[d.id] = outcomes;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    if (req.kind === 'valid' && req.actor !== 'anon' && res.statusCode >= 400 && res.statusCode !== 404) {
      if (report.refusedValid.filter((r) => r.operation === d.id).length < 3) {
        const sample = { operation: d.id, url: req.url, status: res.statusCode, body: res.body.slice(0, 200) };
        report.refusedValid.push({ ...sample, payload: req.payload?.slice(0, 300) });
      }
    }
    const c0 = performance.now();
    const problems = checkResponse(checker, d as DocCheck, res);
    problems.push(...dataProblems(req.actor, res.statusCode, before, after, users, res.body));
    timing.check += performance.now() - c0;
    for (const problem of problems) {
      report.findings.push({
        operation: d.id,
        actor: req.actor,
        kind: req.kind,
        method: req.method,
        url: req.url.slice(0, 300),
        status: res.statusCode,
        problem,
        body: res.body.slice(0, 300),
        payload: req.payload?.slice(0, 300),
      });
    }
    // The request may have ended the actor's session (logout, revoking it): sign in again.
    if (req.actor !== 'anon' && res.statusCode === 401) {
      const again = await makeUser(h, `fuzz_${req.actor}`, true);
      users[req.actor] = { ...again, key: again.key ?? users[req.actor].key };
      state = await snapshot(h.ctx.db, tables, h.ctx.dialect);
    }
  };

  // Every creating operation first runs valid-shaped, so that later requests find data to name.
  let opIndex = 0;
  for (const d of ops.filter((o) => ['POST', 'PUT'].includes(o.method) && !/\{/.test(o.path))) {
    for (let i = 0; i < opts.warmUp; i++) {
      const arb = requestArb(d, ctxFor(d.path), false);
      const [req] = fc.sample(arb, { numRuns: 1, seed: opts.seed * 7919 + ++opIndex });
      if (req) await send(d, req);
    }
  }
  for (const d of ops) {
    opIndex++;
    const runs = Math.max(1, opts.perOp - (report.perOperation[d.id] ?? 0));
    const valid = Math.ceil(runs / 2);
    const arbs = [requestArb(d, ctxFor(d.path), false), requestArb(d, ctxFor(d.path), true)] as const;
    for (let i = 0; i < runs; i++) {
      const g0 = performance.now();
      const arb = i >= valid ? arbs[1] : arbs[0];
      const [req] = fc.sample(arb, { numRuns: 1, seed: opts.seed * 100_003 + opIndex * 1009 + i });
      timing.generate += performance.now() - g0;
      if (req) await send(d, req);
    }
    // Then each integer of the operation at each boundary value, once.
    for (const [j, override] of integerOverrides(d, ctxFor(d.path)('alice')).entries()) {
      const arb = requestArb(d, ctxFor(d.path), false, override);
      const [req] = fc.sample(arb, { numRuns: 1, seed: opts.seed * 100_019 + opIndex * 1013 + j });
      if (req) await send(d, req);
    }
    report.operations++;
    opts.progress?.(`${d.id}: ${report.perOperation[d.id] ?? 0} requests, ${report.findings.length} findings so far`);
  }
  return report;
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .map((w) => w.replace(/s$/, '')),
  );

/** The ids of the tables a path speaks of (`/api/coach/conversations/{uuid}` → coach_conversations), else all. */
function idsFor(byTable: Snapshot['ids'] extends Map<number, infer T> ? T | undefined : never, path: string) {
  const out = { numbers: [] as number[], strings: [] as string[] };
  if (!byTable) return out;
  const inPath = words(path.replace(/\{[^}]*\}/g, ''));
  const scored = [...byTable].map(([table, ids]) => ({
    ids,
    score: [...words(table)].filter((w) => inPath.has(w)).length,
  }));
  const best = Math.max(0, ...scored.map((t) => t.score));
  for (const t of scored.filter((t) => t.score === best)) {
    out.numbers.push(...t.ids.numbers);
    out.strings.push(...t.ids.strings);
  }
  return out;
}

async function listMcpTools(h: Harness, key: string): Promise<GenContext['mcpTools']> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/mcp/rpc',
    headers: { 'x-api-key': key, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  });
  if (res.statusCode !== 200) return [];
  return (res.json().result?.tools ?? []) as GenContext['mcpTools'];
}

async function makeUser(h: Harness, username: string, exists = false) {
  const user = exists ? undefined : await addUser(h.ctx.db, username, TEST_PASSWORD, false);
  await h.ctx.auth.throttle.recordSuccess(SIGN_IN_IP, username);
  const { token } = await h.ctx.auth.login(username, TEST_PASSWORD, SIGN_IN_IP, 'fuzz');
  const me = await h.ctx.auth.authenticate(token);
  if (!me) throw new Error(`cannot sign in as ${username}`);
  const key = await h.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: `fuzz ${Date.now()}`, scope: 'read_write' },
  });
  void user;
  // The user may hold as many keys as allowed already (the pass creates some): keep the old one.
  return { id: me.id, token, key: key.statusCode === 201 ? (key.json().key as string) : undefined };
}

function dataProblems(
  actor: Actor,
  status: number,
  before: Snapshot,
  after: Snapshot,
  users: Record<'alice' | 'bob', { id: number }>,
  body: string,
): string[] {
  const out: string[] = [];
  const ids = [users.alice.id, users.bob.id];
  if (status >= 400) {
    for (const id of ids) {
      const changed = changedTables(before.byUser.get(id), after.byUser.get(id));
      if (changed.length) out.push(`refused (${status}) yet changed user ${id}'s ${changed.join(', ')}`);
    }
  }
  const others = actor === 'anon' ? ids : [actor === 'alice' ? users.bob.id : users.alice.id];
  if (status < 400) {
    for (const id of others) {
      const changed = changedTables(before.byUser.get(id), after.byUser.get(id));
      if (changed.length) out.push(`${actor} changed another user's ${changed.join(', ')}`);
    }
  }
  const leaked = (['alice', 'bob', 'anon'] as const).filter((u) => u !== actor && body.includes(canary(u)));
  if (leaked.length) out.push(`${actor} was shown ${leaked.join(', ')}'s data`);
  return out;
}

/** One line per distinct problem of an operation, with how often it happened and one example. */
export function summarize(findings: Finding[]): string[] {
  const groups = new Map<string, { n: number; example: Finding }>();
  for (const f of findings) {
    const key = `${f.operation} ${f.status}: ${f.problem.replace(/\d+/g, 'N').slice(0, 120)}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { n: 1, example: f });
  }
  return [...groups].map(
    ([key, { n, example }]) =>
      `${key} (×${n}; e.g. ${example.actor} ${example.kind} ${example.method} ${example.url.slice(0, 120)}${example.payload ? ` ${example.payload.slice(0, 120)}` : ''} → ${example.body.slice(0, 120)})`,
  );
}
