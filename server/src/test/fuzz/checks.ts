import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiDocument, Operation } from '../apiDocument.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export interface DocCheck {
  id: string;
  op: Operation;
}

export interface Checker {
  validator(op: string, status: string, media: string): ValidateFunction | undefined;
}

/** Compiles each documented response schema once, resolving refs against the document. */
export function makeChecker(doc: ApiDocument): Checker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const cache = new Map<string, ValidateFunction | undefined>();
  const byId = new Map<string, Operation>();
  for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) byId.set(op.operationId ?? '', op);
  return {
    validator(opId, status, media) {
      const key = `${opId} ${status} ${media}`;
      if (!cache.has(key)) {
        const schema = byId.get(opId)?.responses[status]?.content?.[media]?.schema;
        cache.set(key, schema ? ajv.compile({ ...schema, components: doc.components }) : undefined);
      }
      return cache.get(key);
    },
  };
}

const STATUS_TEXT = (s: number) => String(s);

/**
 * What is wrong with one answer: a 5xx, a status the document does not name, a refusal that is
 * not `{error}`, or a body that does not match its documented schema.
 */
export function checkResponse(checker: Checker, d: DocCheck, res: LightMyRequestResponse): string[] {
  const out: string[] = [];
  const status = res.statusCode;
  if (status >= 500) out.push(`server error ${status}`);
  const documented = d.op.responses[STATUS_TEXT(status)];
  if (!documented) out.push(`status ${status} is not documented`);
  const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
  const errorModel = (documented?.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
  if (status >= 400 && (!documented || errorModel?.endsWith('/Error'))) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    const error = (body as { error?: unknown } | undefined)?.error;
    if (typeof error !== 'string' || !error) out.push(`refusal without {error}: ${res.body.slice(0, 80)}`);
  }
  if (!documented) return out;
  if (status === 204) {
    if (res.body !== '') out.push('204 with a body');
    return out;
  }
  const media = Object.keys(documented.content ?? {});
  if (media.length && !media.includes(type)) {
    out.push(`content type ${type || '(none)'} where the document says ${media.join(', ')}`);
    return out;
  }
  const validate = checker.validator(d.id, STATUS_TEXT(status), type);
  if (!validate) return out;
  if (type === 'application/json') {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      out.push('body is not JSON');
      return out;
    }
    if (!validate(body)) out.push(`body does not match the schema: ${ajvMessage(validate)}`);
  } else if (type === 'text/event-stream') {
    // Each block is `event: <name>` then `data: <json>`; the documented model is {event, data}.
    for (const block of res.body.split(/\n\n+/)) {
      const lines = block.split('\n');
      const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim());
      if (!data.length) continue;
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.join('\n'));
      } catch {
        out.push(`event data is not JSON: ${block.slice(0, 80)}`);
        continue;
      }
      // Two stream styles are documented: {event, data} models, and models of the data alone.
      if (!validate({ event, data: parsed }) && !validate(parsed))
        out.push(`event ${event} does not match the schema: ${ajvMessage(validate)}`);
    }
  }
  return out;
}

function ajvMessage(v: ValidateFunction): string {
  const e = v.errors?.[0];
  return e ? `${e.instancePath || '/'} ${e.message}` : 'invalid';
}
