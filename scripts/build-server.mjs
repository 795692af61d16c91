// Bundles the server entry points (and the common code they import) into dist/server.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/src/main.ts', cli: 'server/src/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await build({
  entryPoints: { server: 'server/src/bench/benchServer.ts' },
  outdir: 'dist/bench',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
console.log('built dist/server and dist/bench');
