/**
 * The MCP SDK, loaded on the first MCP request instead of at start-up: its modules (the
 * server, the Streamable HTTP transport, Ajv) took about 130 ms of a cold start that most
 * instances spend without any MCP client. Loaded once; a failed load is tried again on the next
 * request.
 */
async function load() {
  const [mcp, http, ajv, compat] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
    import('@modelcontextprotocol/sdk/server/zod-compat.js'),
  ]);
  return {
    McpServer: mcp.McpServer,
    StreamableHTTPServerTransport: http.StreamableHTTPServerTransport,
    /**
     * The JSON Schema validator every request's server is given. The SDK builds a new one (an
     * Ajv instance with its formats, about an eighth of a tools/call's time) for each server
     * otherwise. A server uses it only to check answers to requests it sends the client
     * (elicitation), which this stateless server never sends; it holds nothing of a request or
     * a user.
     */
    jsonSchemaValidator: new ajv.AjvJsonSchemaValidator(),
    objectFromShape: compat.objectFromShape,
  };
}

export type McpSdk = Awaited<ReturnType<typeof load>>;

let loading: Promise<McpSdk> | undefined;

export function mcpSdk(): Promise<McpSdk> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
