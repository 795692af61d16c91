/** Ready-to-paste connection settings for common MCP clients, with the key filled in. */
export interface ClientConfig {
  id: string;
  label: string;
  /** Where the text goes. */
  where: string;
  text: string;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export function clientConfigs(url: string, key: string): ClientConfig[] {
  return [
    {
      id: 'claude-desktop',
      label: 'Claude Desktop',
      where:
        'Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop. Needs Node.js; mcp-remote bridges to the HTTP endpoint.',
      text: json({
        mcpServers: {
          daymark: {
            command: 'npx',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands ${VAR} from env itself.
            args: ['-y', 'mcp-remote', url, '--header', 'X-API-Key:${DAYMARK_API_KEY}'],
            env: { DAYMARK_API_KEY: key },
          },
        },
      }),
    },
    {
      id: 'claude-code',
      label: 'Claude Code',
      where: 'Run in a terminal:',
      text: `claude mcp add --transport http daymark ${url} --header "X-API-Key: ${key}"`,
    },
    {
      id: 'cursor',
      label: 'Cursor',
      where: '~/.cursor/mcp.json (or .cursor/mcp.json in a project):',
      text: json({ mcpServers: { daymark: { url, headers: { 'X-API-Key': key } } } }),
    },
    {
      id: 'vscode',
      label: 'VS Code',
      where: '.vscode/mcp.json in a workspace (or MCP: Open User Configuration):',
      text: json({ servers: { daymark: { type: 'http', url, headers: { 'X-API-Key': key } } } }),
    },
  ];
}
