import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_PATH } from '#common/apiKeyConstants.js';
import type { Harness, Client as RestClient } from '../test/harness.js';

/** Starts the harness app on a free local port and returns the MCP endpoint's URL. */
export async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}${MCP_PATH}`;
}

export async function createKey(c: RestClient, body: object = {}): Promise<{ id: number; key: string }> {
  const res = await c.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'test', ...body } });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.body}`);
  return res.json();
}

/** An MCP client from the official SDK, connected over Streamable HTTP with the key in a header. */
export async function connectMcp(url: string, key: string, header: 'x-api-key' | 'bearer' = 'x-api-key') {
  const headers: Record<string, string> =
    header === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` };
  const client = new Client({ name: 'daymark-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}
