import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errors } from '#common/api/common.js';

/** A route as registered, for the document's tests and anything that walks the API. */
export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  hidden: boolean;
  /** The route's own body limit in bytes, when it raises the server's (transcripts carry long texts). */
  bodyLimit?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered, in order (HEAD twins of GET routes left out). */
    apiRoutes: ApiRoute[];
  }
}

type Json = unknown;
type Doc = { paths?: Json; components?: { schemas?: Record<string, Json> } & Record<string, Json> };

const INPUT_SUFFIX = 'Input';

function refsIn(value: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.add(v.replace('#/components/schemas/', ''));
      else refsIn(v, found);
    }
  }
  return found;
}

function renameRefs(value: Json, rename: Map<string, string>): Json {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, rename));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === '$ref' && typeof v === 'string') {
        const name = v.replace('#/components/schemas/', '');
        return [k, rename.has(name) ? `#/components/schemas/${rename.get(name)}` : v];
      }
      return [k, renameRefs(v, rename)];
    }),
  );
}

/**
 * Every schema given an id in common/ (`.meta({ id })`) becomes one component. The type provider
 * emits each id twice, as read (`X`) and as written (`XInput`); the written form is kept only when
 * a request uses it and it really differs (defaults, transforms), so each model appears once.
 */
export function namedSchemasOnce<T>(document: T): T {
  const doc = document as Doc;
  const schemas = { ...doc.components?.schemas };
  const rename = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith(INPUT_SUFFIX)) continue;
    const base = name.slice(0, -INPUT_SUFFIX.length);
    if (base in schemas && JSON.stringify(schemas[base]) === JSON.stringify(schemas[name])) rename.set(name, base);
  }
  for (const name of rename.keys()) delete schemas[name];
  const renamed = renameRefs({ paths: doc.paths, schemas }, rename) as { paths: Json; schemas: typeof schemas };
  // Drop written forms nothing refers to (from paths, or from another component that is kept).
  const used = refsIn(renamed.paths);
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of [...used]) {
      for (const ref of refsIn(renamed.schemas[name])) {
        if (!used.has(ref)) {
          used.add(ref);
          grew = true;
        }
      }
    }
  }
  for (const name of Object.keys(renamed.schemas)) {
    if (name.endsWith(INPUT_SUFFIX) && !used.has(name)) delete renamed.schemas[name];
  }
  return { ...doc, paths: renamed.paths, components: { ...doc.components, schemas: renamed.schemas } } as T;
}

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every request that may carry a body can name a content type no parser takes; the framework
 * refuses it with 415 before the route runs, so each such route documents 415 without saying so.
 */
function documentUnsupportedMediaType(route: RouteOptions) {
  const methods = [route.method].flat();
  if (!methods.some((m) => STATE_CHANGING.includes(m))) return;
  const response = route.schema?.response as Record<string, unknown>;
  if (!response || '415' in response || 415 in response) return;
  route.schema = { ...route.schema, response: { ...response, ...errors(415) } };
}

/** Any route that reads or writes can meet a database that is restarting: 503, documented once here. */
function documentDatabaseUnavailable(route: RouteOptions) {
  const response = route.schema?.response as Record<string, unknown>;
  if (!response || '503' in response || 503 in response) return;
  route.schema = { ...route.schema, response: { ...response, ...errors(503) } };
}

/** The OpenAPI 3.1 document at /api/openapi.json, generated from the route schemas, and its docs page. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Daymark API',
        version,
        description:
          'Sign in with POST /api/auth/login and send the returned token as `Authorization: Bearer <token>`. ' +
          'Every error answers `{"error": "..."}` (the Error schema).',
      },
      // Relative to where the document is served: every installation has its own address.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'daymark_session' },
          // MCP only (POST /api/mcp/rpc); `Authorization: Bearer dmk_…` works too.
          mcpKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) => namedSchemasOnce(jsonSchemaTransformObject(doc)),
  });
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    // A public route needs no session: say so, so clients do not send one (unless it names
    // credentials of its own, as the MCP endpoint's API key).
    else if (route.config?.public && route.schema && !route.schema.hide && !route.schema.security)
      route.schema = { ...route.schema, security: [] };
    if (route.url.startsWith('/api') && route.schema?.response) {
      documentUnsupportedMediaType(route);
      documentDatabaseUnavailable(route);
    }
    if (route.url.startsWith('/api')) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        apiRoutes.push({
          method,
          url: route.url,
          public: !!route.config?.public,
          hidden: !!route.schema?.hide,
          ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
        });
      }
    }
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Plain-http self-hosting must keep working, and nothing may frame the app.
    transformStaticCSP: (csp) =>
      csp
        .replace(/(?<!\s)\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' validator.swagger.io', ''),
    uiConfig: { validatorUrl: null },
  });

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
