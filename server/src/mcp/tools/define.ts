import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { isoDate } from '#common/api/journal.js';
import type { AppContext } from '../../context.js';
import type { KeyUser } from '../../features/apiKeys/service.js';
import { HttpError } from '../../http/errors.js';
import type { McpSdk } from '../sdk.js';
import { todayInZone } from '../time.js';

/** What a tool runs with: the app's services and the key's owner, never an HTTP call. */
export interface ToolContext {
  ctx: AppContext;
  user: KeyUser;
  zone: string;
  /** Today in the user's zone. */
  today: () => string;
  signal: AbortSignal;
}

export interface ToolResult<O> {
  data: O;
  /** The same result as readable text for clients that show text only. */
  text: string;
}

export interface ToolDef<I extends z.ZodRawShape = z.ZodRawShape, O extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  /** What the tool does and when to use it, written for the AI client that chooses tools. */
  description: string;
  input: I;
  output: O;
  /** Changes data: offered to read_write keys only. */
  write: boolean;
  /** Removes or replaces the user's data. */
  destructive?: boolean;
  /** Calling again with the same input changes nothing more. */
  idempotent?: boolean;
  run(t: ToolContext, args: z.output<z.ZodObject<I>>): Promise<ToolResult<z.output<z.ZodObject<O>>>>;
}

/** Keeps each tool's input and output types tied to its schemas. */
export const defineTool = <I extends z.ZodRawShape, O extends z.ZodRawShape>(def: ToolDef<I, O>) =>
  def as unknown as ToolDef;

/** A date argument: YYYY-MM-DD, today (in the user's zone) when left out. */
export const optionalDate = (what: string) =>
  isoDate.optional().describe(`${what} as YYYY-MM-DD; today in the user's time zone when omitted`);

export const nowIn = (zone: string) => () => todayInZone(zone);

/**
 * Each tool's input and output as the object schemas the SDK would make of their shapes, made
 * once. Given shapes, the SDK makes new ones for every server, so for every request, and Zod
 * compiles an object schema's parser on its first use: each call's arguments and answer were
 * checked by parsers compiled for that call alone.
 */
const schemas = new WeakMap<
  ToolDef,
  { input: ReturnType<McpSdk['objectFromShape']>; output: ReturnType<McpSdk['objectFromShape']> }
>();
function schemasOf(sdk: McpSdk, def: ToolDef) {
  let s = schemas.get(def);
  if (!s) {
    s = { input: sdk.objectFromShape(def.input), output: sdk.objectFromShape(def.output) };
    schemas.set(def, s);
  }
  return s;
}

/**
 * Registers a tool. A read key never sees write tools; the server turns a call to one into the
 * protocol's error for an unknown tool, and a write tool also re-checks the scope itself.
 */
export function registerTool(
  sdk: McpSdk,
  server: McpServer,
  def: ToolDef,
  base: Omit<ToolContext, 'signal'>,
  log: (e: unknown) => void,
) {
  if (def.write && base.user.scope !== 'read_write') return;
  const { input, output } = schemasOf(sdk, def);
  server.registerTool(
    def.name,
    {
      title: def.title,
      description: def.description,
      inputSchema: input,
      outputSchema: output,
      annotations: {
        title: def.title,
        readOnlyHint: !def.write,
        destructiveHint: def.write ? Boolean(def.destructive) : false,
        idempotentHint: Boolean(def.idempotent ?? !def.write),
        openWorldHint: false,
      },
    },
    // biome-ignore lint/suspicious/noExplicitAny: the SDK infers args from the schema; def.run checks them itself.
    (async (args: any, extra: { signal: AbortSignal }) => {
      try {
        const { data, text } = await def.run({ ...base, signal: extra.signal }, args ?? {});
        return { content: [{ type: 'text' as const, text }], structuredContent: data as Record<string, unknown> };
      } catch (err) {
        const message = err instanceof HttpError ? err.message : 'Something went wrong';
        if (!(err instanceof HttpError)) log(err);
        return { isError: true, content: [{ type: 'text' as const, text: message }] };
      }
    }) as never,
  );
}

export { z };
