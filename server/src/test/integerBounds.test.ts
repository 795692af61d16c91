import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiDocument, type JsonSchema, operationsOf, sampleValue } from './apiDocument.js';
import { type Client, createHarness, createUserAndSignIn, type Harness } from './harness.js';

/**
 * Integer parameters get the bounds of the column they reach: an id past PostgreSQL's `integer`
 * is refused as invalid (400) on both databases instead of reaching a query that would fail.
 */
let h: Harness;
let admin: Client;
let doc: ApiDocument;
beforeAll(async () => {
  h = await createHarness();
  admin = await createUserAndSignIn(h, 'bounds_admin', true);
  doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as ApiDocument;
});
afterAll(() => h.close());

const INT_MAX = 2 ** 31 - 1;
/** Out of range for an id column of either database, or not a whole number at all. */
const OUT_OF_RANGE = ['2147483648', '-1', '0', '9007199254740992', '1e309', '99999999999999999999'];

type Param = {
  in: string;
  name: string;
  schema: JsonSchema & { minimum?: number; exclusiveMinimum?: number; maximum?: number };
};

const send = (method: string, url: string) =>
  admin.request({
    method: method as 'GET',
    url,
    ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
  });

describe('integer parameters past their column', () => {
  it('GET /api/notes/content/{type}/{id} and POST /api/cron/executions/{id}/cancel refuse 2147483648 with 400', async () => {
    for (const [method, url] of [
      ['GET', '/api/notes/content/note/2147483648'],
      ['GET', '/api/notes/content/journal/2147483648'],
      ['POST', '/api/cron/executions/2147483648/cancel'],
    ] as const) {
      const res = await send(method, url);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringContaining('2147483647') });
    }
    // The largest id a column holds is a well-formed id: not found.
    expect((await send('GET', `/api/notes/content/note/${INT_MAX}`)).statusCode).toBe(404);
    expect((await send('POST', `/api/cron/executions/${INT_MAX}/cancel`)).statusCode).toBe(404);
    expect(h.logs.join('\n')).not.toMatch(/out of range/);
  });

  it('MCP tools and attached coach entries take no id past the column either', async () => {
    const key = (
      await admin.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'bounds', scope: 'read_write' } })
    ).json().key as string;
    for (const [name, args] of [
      ['todos_complete', { id: 2 ** 31 }],
      ['todos_reopen', { id: 2 ** 53 }],
      ['transcript_get', { id: 2 ** 31 }],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/mcp/rpc',
        headers: { 'x-api-key': key, accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.body, name).toContain('2147483647');
    }
    const chat = await admin.request({
      method: 'POST',
      url: '/api/coach/chat',
      payload: {
        coachType: 'assistant',
        messages: [{ role: 'user', content: 'What did we say?' }],
        specificEntries: { transcripts: ['2147483648', '1e10'], notes: ['9007199254740992'], journalEntries: [] },
      },
    });
    expect(chat.statusCode, chat.body).toBeLessThan(500);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/coach/chat',
          payload: {
            coachType: 'assistant',
            messages: [{ role: 'user', content: 'Hi' }],
            specificEntries: { transcripts: [2 ** 31] },
          },
        })
      ).statusCode,
    ).toBe(400);
    expect(h.logs.join('\n')).not.toMatch(/out of range|"level":50/);
  });

  it('every route with an integer path parameter documents 1..2147483647 and refuses what is outside with 400', async () => {
    const swept: string[] = [];
    for (const { method, path, op } of operationsOf(doc)) {
      const params = (op.parameters ?? []) as Param[];
      const integers = params.filter((p) => p.in === 'path' && [p.schema.type].flat().includes('integer'));
      for (const param of integers) {
        const { minimum, exclusiveMinimum, maximum } = param.schema;
        expect([minimum ?? (exclusiveMinimum ?? Number.NaN) + 1, maximum], `${method} ${path} ${param.name}`).toEqual([
          1,
          INT_MAX,
        ]);
        for (const value of [...OUT_OF_RANGE, String(INT_MAX)]) {
          const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
            name === param.name
              ? encodeURIComponent(value)
              : encodeURIComponent(sampleValue(params.find((p) => p.name === name)?.schema ?? {})),
          );
          const res = await send(method, url);
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
          if (value !== String(INT_MAX)) {
            expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
            expect(res.json(), `${method} ${url}`).toEqual({ error: expect.any(String) });
          }
        }
        swept.push(`${method} ${path}`);
      }
    }
    // The sweep reached the routes the bound was missing from, and the others.
    expect(swept).toEqual(
      expect.arrayContaining([
        'GET /api/notes/content/{type}/{id}',
        'POST /api/cron/executions/{id}/cancel',
        'DELETE /api/todos/{id}',
        'GET /api/transcripts/{id}',
      ]),
    );
    expect(h.logs.join('\n')).not.toMatch(/out of range|"level":50/);
  });
});
