// Bundles the server entry points, the common code and the npm packages they import into
// dist/server. Resolving and reading several hundred package files took about a third of a cold
// start; one bundle is read at once. Code loaded on demand (the AI SDK and its providers, the MCP
// SDK) becomes chunks of its own, read on first use.
import fs from 'node:fs';
import { build } from 'esbuild';

/**
 * Left to node_modules: native addons (better-sqlite3, argon2); the PostgreSQL driver, loaded with
 * `require` when a PostgreSQL database is opened, and its optional native binding; packages that
 * read their own files at run time (the API docs' page and its package metadata); pino, whose
 * transports run its files on worker threads.
 */
const external = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
];

// A chunk's name changes with its content: no chunk of an earlier build is left behind.
fs.rmSync('dist/server', { recursive: true, force: true });
/** Both builds: one ES module bundle per entry, for the Node version the engines field names (20.19: import attributes are kept, which the bench's external JSON imports need). */
const forNode = { bundle: true, platform: 'node', target: 'node20.19', format: 'esm', logLevel: 'warning' };

await build({
  ...forNode,
  entryPoints: { main: 'server/src/main.ts', cli: 'server/src/cli.ts' },
  outdir: 'dist/server',
  splitting: true,
  external,
  // Bundled CommonJS packages `require` Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
});
await build({
  ...forNode,
  entryPoints: { server: 'server/src/bench/benchServer.ts' },
  outdir: 'dist/bench',
  packages: 'external',
});
console.log('built dist/server and dist/bench');
