import { z } from 'zod';

/** A JSON-RPC 2.0 answer of the MCP endpoint (the MCP SDK writes it; documented for clients). */
export const mcpResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .describe('JSON-RPC 2.0 response (MCP); a notification alone is answered 202 with no body');
