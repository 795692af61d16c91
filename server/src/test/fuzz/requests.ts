import fc from 'fast-check';
import type { Operation } from '../apiDocument.js';
import {
  applyMutation,
  type BodyMutation,
  bodyMutation,
  hostileParam,
  MALFORMED_BODIES,
  ONE_MB,
  WRONG_CONTENT_TYPES,
} from './hostile.js';
import { type GenContext, INTEGER_BOUNDARIES, resolve, type Schema, sendable, valueArb } from './schemaArb.js';

export type Actor = 'alice' | 'bob' | 'anon';

/** One generated request, before credentials are added. */
export interface FuzzRequest {
  actor: Actor;
  /** What was spoiled, for the report ('valid' when nothing was). */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

type Param = { in: string; name: string; required?: boolean; schema: Schema };

export interface DocOperation {
  id: string;
  method: string;
  path: string;
  op: Operation & { requestBody?: { content?: Record<string, { schema?: Schema }> } };
}

const HOSTILITIES = [
  'param',
  'query',
  'duplicate-query',
  'body',
  'malformed-json',
  'content-type',
  'huge-body',
] as const;
type Hostility = (typeof HOSTILITIES)[number];

function applicable(d: DocOperation): Hostility[] {
  const params = (d.op.parameters ?? []) as Param[];
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(d.method);
  const out: Hostility[] = [];
  if (params.some((p) => p.in === 'path')) out.push('param');
  if (params.some((p) => p.in === 'query')) out.push('query', 'duplicate-query');
  if (hasBody) out.push('body', 'malformed-json', 'content-type', 'huge-body');
  else out.push('query');
  return out;
}

/**
 * The MCP endpoint documents JSON-RPC rather than one body: its tool calls, with arguments
 * drawn from each tool's input schema, and the protocol's other methods.
 */
function jsonRpcArb(ctx: GenContext): fc.Arbitrary<unknown> {
  const call = ctx.mcpTools.length
    ? fc
        .constantFrom(...ctx.mcpTools)
        .chain((t) => valueArb(t.inputSchema, ctx, 'arguments').map((args) => ({ name: t.name, arguments: args })))
    : fc.constant({ name: 'none', arguments: {} });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.nat(),
        method: fc.constant('tools/call'),
        params: call,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.nat(),
        method: fc.constantFrom('initialize', 'tools/list', 'ping', 'resources/list', 'prompts/list', 'nope'),
        params: fc.constant({
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'fuzz', version: '1' },
        }),
      }),
    },
  );
}

const bodySchema = (d: DocOperation): Schema | undefined => d.op.requestBody?.content?.['application/json']?.schema;

/** One integer of an operation (a path or query parameter, a field of the body) set to one value. */
export interface IntegerOverride {
  in: 'path' | 'query' | 'body';
  name: string;
  value: unknown;
}

const isInteger = (s: Schema, ctx: GenContext) => {
  const r = resolve(s, ctx);
  const alternatives = r.anyOf ?? r.oneOf ?? [r];
  return alternatives.some((a) => [resolve(a, ctx).type].flat().includes('integer'));
};

/**
 * Each integer of the operation with each boundary value (INTEGER_BOUNDARIES): its parameters,
 * and its body's fields (an array of integers gets a one-item array).
 */
export function integerOverrides(d: DocOperation, ctx: GenContext): IntegerOverride[] {
  const out: IntegerOverride[] = [];
  for (const p of (d.op.parameters ?? []) as Param[]) {
    if ((p.in === 'path' || p.in === 'query') && isInteger(p.schema, ctx)) {
      for (const value of INTEGER_BOUNDARIES) out.push({ in: p.in, name: p.name, value });
    }
  }
  const schema = bodySchema(d);
  for (const [name, field] of Object.entries(schema ? (resolve(schema, ctx).properties ?? {}) : {})) {
    const f = resolve(field, ctx);
    const list = [f.type].flat().includes('array') && f.items ? isInteger(f.items, ctx) : false;
    if (!list && !isInteger(f, ctx)) continue;
    for (const value of INTEGER_BOUNDARIES) out.push({ in: 'body', name, value: list ? [value] : value });
  }
  return out;
}

/**
 * A request for one operation: `valid` follows the document (ids and dates from what exists);
 * otherwise one thing is spoiled. With `override`, that one integer has that value (as alice).
 */
export function requestArb(
  d: DocOperation,
  ctxFor: (a: Actor) => GenContext,
  hostile: boolean,
  override?: IntegerOverride,
): fc.Arbitrary<FuzzRequest> {
  const actors: Actor[] = override ? ['alice'] : ['alice', 'alice', 'bob', 'anon'];
  return fc.constantFrom<Actor>(...actors).chain((actor) => {
    const ctx = ctxFor(actor);
    const params = (d.op.parameters ?? []) as Param[];
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    const arbOf = (where: IntegerOverride['in'], name: string, schema: Schema) =>
      override?.in === where && override.name === name ? fc.constant(override.value) : valueArb(schema, ctx, name);
    const pathArb = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, arbOf('path', p.name, p.schema)])));
    const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbOf('query', p.name, p.schema)])), {
      requiredKeys: queryParams
        .filter((p) => p.required || (override?.in === 'query' && override.name === p.name))
        .map((p) => p.name),
    });
    const schema = bodySchema(d);
    const drawn = schema
      ? valueArb(schema, ctx, 'body')
      : d.id === 'mcp.rpc'
        ? jsonRpcArb(ctx)
        : fc.constant(undefined);
    const body =
      override?.in === 'body' ? drawn.map((b) => ({ ...(b as object), [override.name]: override.value })) : drawn;
    const keys = schema ? Object.keys(resolve(schema, ctx).properties ?? {}) : [];
    const spoil: fc.Arbitrary<{ how: Hostility | 'none'; mutation?: BodyMutation; text?: string; pick: number }> =
      hostile
        ? fc.record({
            how: fc.constantFrom(...applicable(d)),
            mutation: bodyMutation(keys),
            text: hostileParam,
            pick: fc.nat(),
          })
        : fc.constant({ how: 'none' as const, pick: 0 });
    return fc
      .record({ path: pathArb, query: queryArb, body, spoil })
      .map(({ path, query, body, spoil }) => build(d, actor, path, query, body, spoil))
      .map((req) => (override ? { ...req, kind: 'boundary' } : req));
  });
}

function build(
  d: DocOperation,
  actor: Actor,
  path: Record<string, unknown>,
  query: Record<string, unknown>,
  body: unknown,
  spoil: { how: Hostility | 'none'; mutation?: BodyMutation; text?: string; pick: number },
): FuzzRequest {
  const pathValues = { ...path };
  const pairs: Array<[string, string]> = Object.entries(query).map(([k, v]) => [k, sendable(String(v), false)]);
  let payload: string | undefined = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = payload === undefined ? {} : { 'content-type': 'application/json' };
  const names = Object.keys(pathValues);
  switch (spoil.how) {
    case 'param':
      pathValues[names[spoil.pick % names.length] ?? 'x'] = spoil.text;
      break;
    case 'query': {
      // The hostile value replaces a parameter the request has, or comes as an unknown one.
      const name = Object.keys(query)[spoil.pick % Math.max(1, Object.keys(query).length)];
      if (name)
        pairs.splice(
          pairs.findIndex(([k]) => k === name),
          1,
        );
      pairs.push([name ?? 'q', spoil.text ?? '']);
      break;
    }
    case 'duplicate-query': {
      const params = (d.op.parameters ?? []) as Param[];
      const name = params.filter((p) => p.in === 'query')[spoil.pick % params.length]?.name ?? 'x';
      pairs.push([name, '1'], [name, spoil.text ?? '0']);
      break;
    }
    case 'body':
      payload = JSON.stringify(applyMutation(body, spoil.mutation as BodyMutation)) ?? 'null';
      headers['content-type'] = 'application/json';
      break;
    case 'malformed-json':
      payload = MALFORMED_BODIES[spoil.pick % MALFORMED_BODIES.length] ?? '{';
      headers['content-type'] = 'application/json';
      break;
    case 'content-type':
      payload = payload ?? '{}';
      headers['content-type'] = WRONG_CONTENT_TYPES[spoil.pick % WRONG_CONTENT_TYPES.length] ?? 'text/plain';
      break;
    case 'huge-body':
      payload = JSON.stringify({ content: ONE_MB, text: ONE_MB, x: ONE_MB });
      headers['content-type'] = 'application/json';
      break;
  }
  const url =
    d.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodePart(sendable(String(pathValues[n] ?? 'x'), false))) +
    (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '');
  if (payload !== undefined) payload = sendable(payload, true);
  return { actor, kind: spoil.how === 'none' ? 'valid' : spoil.how, method: d.method, url, headers, payload };
}

/** A path segment; text that has no UTF-8 form (lone surrogates) goes as invalid UTF-8 bytes. */
function encodePart(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `%ED%A0%80${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
}
