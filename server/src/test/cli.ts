import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The command-line tool (`server/src/cli.ts`) as one bundle, built once per test worker the way
 * `npm run build` builds `dist/server/cli.js` (same externals, same banner). Starting TypeScript
 * through tsx cost about a second per call; the tests run the CLI dozens of times. The bundle sits
 * under node_modules/.cache so that the packages left outside it resolve from the project.
 */
let bundled: Promise<string> | undefined;

export function cliBundle(): Promise<string> {
  bundled ??= (async () => {
    const dir = path.join('node_modules', '.cache');
    fs.mkdirSync(dir, { recursive: true });
    const outdir = fs.mkdtempSync(path.join(dir, 'daymark-cli-'));
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    await build({
      entryPoints: { cli: 'server/src/cli.ts' },
      outdir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'warning',
      external: [
        'better-sqlite3',
        '@node-rs/argon2',
        'pg',
        'pg-native',
        '@fastify/swagger',
        '@fastify/swagger-ui',
        'pino',
      ],
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    });
    return path.resolve(outdir, 'cli.js');
  })();
  return bundled;
}

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the bundled CLI (await `cliBundle()` first, e.g. in beforeAll) with these arguments. */
export function runCli(bundle: string, args: string[], env: NodeJS.ProcessEnv, input = ''): CliRun {
  const res = spawnSync(process.execPath, [bundle, ...args], { input, env, encoding: 'utf8' });
  return { code: res.status, out: res.stdout, err: res.stderr };
}
