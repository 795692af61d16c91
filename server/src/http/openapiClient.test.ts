import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterEach, expect, it } from 'vitest';
import { addUser } from '../features/users/service.js';
import { createHarness, type Harness, TEST_PASSWORD } from '../test/harness.js';

/**
 * What a third party does with the served document: generate a typed client with
 * openapi-typescript, call the API with openapi-fetch over a real socket. The client lives in the
 * git-ignored .tmp/ folder (inside the repository so it resolves openapi-fetch like any project).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

type Todo = components['schemas']['Todo'];
type DailyNote = components['schemas']['DailyNote'];

export async function drive(baseUrl: string, username: string, password: string) {
  const anonymous = createClient<paths>({ baseUrl });
  const login = await anonymous.POST('/api/auth/login', { body: { username, password } });
  if (!login.data) throw new Error('sign-in failed: ' + JSON.stringify(login.error));
  const token: string = login.data.token;
  const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + token } });

  const created = await client.POST('/api/todos', { body: { content: 'Buy oat milk' } });
  const todo: Todo | undefined = created.data;
  const open = await client.GET('/api/todos', { params: { query: { completed: 'false' } } });
  const todos: Todo[] | undefined = open.data;
  const saved = await client.POST('/api/notes/daily/{date}', {
    params: { path: { date: '2026-03-14' } },
    body: { content: '## Morning\\nSlept well' },
  });
  const read = await client.GET('/api/notes/daily/{date}', { params: { path: { date: '2026-03-14' } } });
  const note: DailyNote | undefined = read.data;
  const missing = await client.PATCH('/api/todos/{id}', { params: { path: { id: 999999 } }, body: { completed: true } });
  const message: string | undefined = missing.error?.error;
  return {
    created: { status: created.response.status, todo },
    todos,
    savedStatus: saved.response.status,
    note,
    missing: { status: missing.response.status, message },
  };
}

/** The generated types are strict: each call below must be a compile error. */
export function misuse(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error a todo needs its content
  void client.POST('/api/todos', { body: {} });
  // @ts-expect-error no such path
  void client.GET('/api/todo');
  // @ts-expect-error the daily note needs its date
  void client.GET('/api/notes/daily/{date}', {});
  // @ts-expect-error completed is a flag, not a number
  void client.PATCH('/api/todos/{id}', { params: { path: { id: 1 } }, body: { completed: 3 } });
}
`;

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('a client generated from the served document signs in, adds and lists todos and reads a daily note', async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  await addUser(h.ctx.db, 'thirdparty', TEST_PASSWORD, false);

  const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenAPI3;
  fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  dir = fs.mkdtempSync(path.join(repoRoot, '.tmp', 'openapi-client-'));
  fs.writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(doc)));
  const clientFile = path.join(dir, 'client.ts');
  fs.writeFileSync(clientFile, CLIENT);

  expect(typeErrors(clientFile)).toEqual([]);

  const { drive } = (await import(clientFile)) as { drive: (...a: string[]) => Promise<Record<string, unknown>> };
  const result = await drive(baseUrl, 'thirdparty', TEST_PASSWORD);
  expect(result.created).toEqual({
    status: 201,
    todo: expect.objectContaining({ content: 'Buy oat milk', completed: false, id: expect.any(Number) }),
  });
  expect(result.todos).toEqual([expect.objectContaining({ content: 'Buy oat milk' })]);
  expect(result.savedStatus).toBe(200);
  expect(result.note).toMatchObject({ date: '2026-03-14', exists: true, content: '## Morning\nSlept well' });
  expect(result.missing).toEqual({ status: 404, message: expect.any(String) });
});
