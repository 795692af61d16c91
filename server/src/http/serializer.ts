import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/** The zod schema of a response (fastify passes the schema itself or `{ properties }`). */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const props = (schema as { properties?: unknown } | null)?.properties;
  return props instanceof z.ZodType ? props : null;
}

/**
 * Compiles a response schema once into fast-json-stringify's serialiser (the JSON Schema comes
 * from zod's own converter, the same one the OpenAPI document uses), instead of validating
 * every response with zod and then calling JSON.stringify. Like zod's stripping, only declared
 * properties are written. Schemas JSON Schema cannot express (none today) keep the zod
 * serialiser. Compiled on first use, so start-up does not pay for routes never called.
 */
export function compileResponseSerializer(schema: unknown): (data: unknown) => string {
  const zodSchema = zodSchemaOf(schema);
  if (!zodSchema) return JSON.stringify;
  const json = z.toJSONSchema(zodSchema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/** Every response schema handed to the compiler, so a test can check that each one compiles. */
export const responseSchemas: Array<{ method: string; url: string; status: string; schema: unknown }> = [];

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route: RouteSchema) => {
  responseSchemas.push({
    method: route.method,
    url: route.url,
    status: String(route.httpStatus),
    schema: route.schema,
  });
  let serialize: ((data: unknown) => string) | null = null;
  return (data: unknown) => {
    if (!serialize) {
      try {
        serialize = compileResponseSerializer(route.schema);
      } catch {
        serialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
      }
    }
    return serialize(data);
  };
};

/**
 * Sends a response body that is already JSON (text or its UTF-8 bytes, written by serialisers
 * compiled from the route's own response schema) as it is: Fastify serialises neither again.
 */
export const sendJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);
