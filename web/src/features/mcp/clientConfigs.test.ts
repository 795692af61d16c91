import { describe, expect, it } from 'vitest';
import { clientConfigs } from './clientConfigs';

describe('clientConfigs', () => {
  const url = 'https://daymark.example/api/mcp/rpc';
  const key = 'dmk_abc';
  const configs = clientConfigs(url, key);

  it('covers Claude Desktop, Claude Code, Cursor and VS Code with the URL and key', () => {
    expect(configs.map((c) => c.label)).toEqual(['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code']);
    for (const c of configs) {
      expect(c.text).toContain(url);
      expect(c.text).toContain(key);
    }
  });

  it('writes valid JSON in each client’s own format', () => {
    const byId = Object.fromEntries(configs.map((c) => [c.id, c.text]));
    expect(JSON.parse(byId.cursor ?? '')).toEqual({ mcpServers: { daymark: { url, headers: { 'X-API-Key': key } } } });
    expect(JSON.parse(byId.vscode ?? '').servers.daymark).toEqual({ type: 'http', url, headers: { 'X-API-Key': key } });
    const desktop = JSON.parse(byId['claude-desktop'] ?? '').mcpServers.daymark;
    expect(desktop.args).toContain(url);
    expect(desktop.env.DAYMARK_API_KEY).toBe(key);
    expect(byId['claude-code']).toBe(`claude mcp add --transport http daymark ${url} --header "X-API-Key: ${key}"`);
  });
});
