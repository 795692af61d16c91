import fc from 'fast-check';

/**
 * Valid-shaped values for a JSON Schema of the served OpenAPI document (3.1, so JSON Schema
 * 2020-12 as zod writes it): objects, arrays, enums, patterns, bounds, anyOf/oneOf and $ref.
 * Field names steer free text towards what the app stores: dates get calendar days near
 * today, ids come from the ids that exist, and other text carries the writer's canary so a
 * leak into another user's answer can be seen.
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};

export interface GenContext {
  components: Record<string, Schema>;
  /** Calendar days worth trying (today, this week's Monday, seeded days…). */
  dates: string[];
  /** Ids that exist now (both users'), by kind: read when a value is drawn, as they change. */
  ids(): { numbers: number[]; strings: string[] };
  /** Marks free text written by this actor. */
  canary: string;
  /** The MCP endpoint's tools (from tools/list), whose calls are JSON-RPC bodies. */
  mcpTools: Array<{ name: string; inputSchema: Schema }>;
}

/** Calendar days only; times of day too. */
const DAY_NAME = /date|day$|week$|^from$|^to$/i;
const TIME_NAME = /(^|_)(start|end|at|time)$|Time$/i;
const ID_NAME = /(^|_)(id|uuid|ids|uuids)$|Id$|Uuid$/i;

export function resolve(schema: Schema, ctx: GenContext): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) s = ctx.components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
}

function typesOf(s: Schema): string[] {
  if (s.type) return [s.type].flat();
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return ['string'];
}

/**
 * Web addresses whose host is a documentation address (RFC 5737, RFC 3849), which no network
 * routes: a calendar address the fuzzer sends is refused by the server's address check before
 * any lookup or connection, and were the check broken, nothing would leave this machine for a
 * name some resolver might answer.
 */
function webUrlOffTheNetwork(): fc.Arbitrary<string> {
  const hosts = fc.constantFrom('192.0.2.10', '198.51.100.7', '203.0.113.42', '[2001:db8::7]');
  return fc.tuple(fc.webUrl(), hosts).map(([url, host]) => {
    const u = new URL(url);
    return `${u.protocol}//${host}${u.port ? `:${u.port}` : ''}${u.pathname}${u.search}${u.hash}`;
  });
}

function stringArb(s: Schema, name: string, ctx: GenContext): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 200, 200);
  const re = s.pattern ? new RegExp(s.pattern) : undefined;
  // Names of things: mostly ones that exist (the actor's own or the other user's).
  if (s.format === 'uuid' || ID_NAME.test(name)) {
    const fresh = re ? fc.stringMatching(re) : s.format === 'uuid' ? fc.uuid() : undefined;
    const fits = (v: string) => (!re || re.test(v)) && v.length >= min && v.length <= max;
    if (fresh) return existing(() => ctx.ids().strings.filter(fits), fresh);
  }
  if (re) return fc.stringMatching(re).filter((v) => v.length >= min && v.length <= max);
  if (s.format === 'uri' || /url$/i.test(name)) return webUrlOffTheNetwork().filter((v) => v.length <= max);
  if (/time_?zone$/i.test(name)) return fc.constantFrom('Europe/Paris', 'America/New_York', 'UTC', 'Asia/Kolkata');
  if (DAY_NAME.test(name) && max >= 10) return fc.constantFrom(...ctx.dates);
  if (TIME_NAME.test(name) && max >= 20) {
    return fc.oneof(
      fc.constantFrom(...ctx.dates),
      fc.constantFrom(...ctx.dates).map((d) => `${d}T08:30:00.000Z`),
    );
  }
  // Free text: the actor's canary, then anything (unicode included) within the bounds.
  const tail = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 24 }), fc.string({ unit: 'binary', maxLength: 24 }));
  if (max >= ctx.canary.length + 2) {
    return tail.map((t) => `${ctx.canary} ${t}`.slice(0, max)).map((v) => (v.length >= min ? v : v.padEnd(min, 'x')));
  }
  return fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, min, 1) });
}

/**
 * A number literal that JSON.stringify cannot write (1e309 reads back as Infinity): carried as
 * this marker and written out as the literal itself by `sendable`.
 */
export const rawNumber = (literal: string) => `⟦raw-number:${literal}⟧`;

/** A request's text with every raw-number marker written as its literal (in JSON, without quotes). */
export function sendable(text: string, json: boolean): string {
  return json ? text.replace(/"⟦raw-number:([^"⟧]+)⟧"/g, '$1') : text.replace(/⟦raw-number:([^⟧]+)⟧/g, '$1');
}

/**
 * Tried for every integer, whatever its documented bounds: zero, -1, the largest value of an
 * `integer` column and one past it, 2^53 (past every safe integer), 1e309 (past every double)
 * and '1e3' (a number written as text). None may get a 5xx on either database.
 */
export const INTEGER_BOUNDARIES: readonly unknown[] = [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, rawNumber('1e309'), '1e3'];

function numberArb(s: Schema, integer: boolean, name: string, ctx: GenContext): fc.Arbitrary<unknown> {
  const lo = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -1000);
  const hi = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? 100000);
  const min = Math.max(lo, -1e9);
  const max = Math.min(hi, 1e9);
  const fresh = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
  const drawn = ID_NAME.test(name)
    ? existing(() => ctx.ids().numbers.filter((n) => n >= min && n <= max), fresh)
    : fresh;
  if (!integer) return drawn;
  return fc.oneof({ weight: 5, arbitrary: drawn }, { weight: 1, arbitrary: fc.constantFrom(...INTEGER_BOUNDARIES) });
}

/** Mostly a value that exists when the request is drawn (the pool changes as the pass writes), else a fresh one. */
function existing<T>(pool: () => T[], fresh: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(fc.nat(), fc.nat({ max: 3 }), fresh).map(([i, w, f]) => {
    const known = pool();
    return known.length && w > 0 ? (known[i % known.length] as T) : f;
  });
}

export function valueArb(schema: Schema, ctx: GenContext, name = '', depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valueArb(a, ctx, name, depth + 1)));
  if (s.allOf?.length) return valueArb(Object.assign({}, ...s.allOf.map((a) => resolve(a, ctx))), ctx, name, depth);
  const arbs = typesOf(s).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return numberArb(s, true, name, ctx);
      case 'number':
        return numberArb(s, false, name, ctx);
      case 'array': {
        const maxLength = Math.min(s.maxItems ?? 4, 4, depth > 2 ? 1 : 4);
        return fc.array(valueArb(s.items ?? {}, ctx, name.replace(/s$/, ''), depth + 1), {
          minLength: Math.min(s.minItems ?? 0, maxLength),
          maxLength: Math.max(maxLength, s.minItems ?? 0),
        });
      }
      case 'object':
        return objectArb(s, ctx, depth);
      default:
        return stringArb(s, name, ctx);
    }
  });
  return arbs.length === 1 && arbs[0] ? arbs[0] : fc.oneof(...arbs);
}

function objectArb(s: Schema, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = valueArb(sub, ctx, key, depth + 1);
  if (!Object.keys(model).length) {
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }),
        valueArb(s.additionalProperties, ctx, '', depth + 1),
        {
          maxKeys: 3,
        },
      );
    }
    return fc.constant({});
  }
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
}
