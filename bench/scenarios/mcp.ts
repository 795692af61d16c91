import autocannon from 'autocannon';
import { API_KEYS_MAX_PER_USER, MCP_PATH } from '#common/apiKeyConstants.js';
import type { BenchRow, BenchScenario } from '../types.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function rps(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) {
  const r = await autocannon({ url, ...init, connections: CONNECTIONS, duration: DURATION_S });
  if (r.non2xx + r.errors > 0) console.warn(`  ! ${url}: ${r.non2xx + r.errors} failed responses`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * MCP tools/call for a read tool (todos_list, open todos) against the REST route that reads
 * the same (GET /api/todos?completed=false), on the journal scenario's data. The MCP request
 * also authenticates a key, builds a server for the request and validates the tool's output.
 */
export const mcpScenario: BenchScenario = {
  name: 'MCP (stateless Streamable HTTP) vs REST',
  /** Keys up to one below the cap, so that `measure` can still create its own. */
  async seed({ db, userId }) {
    const created = Date.parse('2026-01-01T00:00:00Z');
    await db
      .insertInto('api_keys')
      .values(
        Array.from({ length: API_KEYS_MAX_PER_USER - 1 }, (_, i) => ({
          user_id: userId,
          name: `Client ${i + 1}`,
          key_hash: `bench-key-hash-${i}`,
          key_preview: 'dmk_abcd...wxyz',
          scope: i % 2 ? 'read' : 'read_write',
          created_at: new Date(created + i * 86_400_000).toISOString(),
          expires_at: null,
          last_used_at: null,
        })),
      )
      .execute();
  },
  routes: [{ label: `GET /api/api-keys (${API_KEYS_MAX_PER_USER - 1} keys)`, path: '/api/api-keys' }],
  async measure({ baseUrl, token }): Promise<BenchRow[]> {
    const created = await fetch(`${baseUrl}/api/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scope: 'read' }),
    });
    const { key } = (await created.json()) as { key: string };
    const rest = await rps(`${baseUrl}/api/todos?completed=false`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    });
    const mcp = await rps(`${baseUrl}${MCP_PATH}`, {
      method: 'POST',
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'todos_list', arguments: { status: 'open' } },
      }),
    });
    const row = (label: string, r: typeof rest) => ({
      label,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs REST': (r.rps / rest.rps).toFixed(2),
    });
    return [row('GET /api/todos?completed=false', rest), row('MCP tools/call todos_list (open)', mcp)];
  },
};
