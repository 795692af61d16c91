/** Starting a built server in its own process for the bench, and waiting until it is healthy. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../server/src/test/freePort.js';

/** Polls `url` every `everyMs` until it answers 2xx, failing if `child` exits first. */
export async function waitUntilOk(url: string, child: ChildProcess, what: string, everyMs = 100, timeoutMs = 20_000) {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited early`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what} did not start`);
}

/** Polls /api/health every `everyMs` until it answers 200. */
export const waitForHealth = (baseUrl: string, child: ChildProcess, everyMs = 100) =>
  waitUntilOk(`${baseUrl}/api/health`, child, 'server', everyMs);

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `script` (dist/bench/server.js or dist/server/main.js) on a free port with `env`. */
export async function startServer(
  script: string,
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; healthEveryMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), script], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A bench that dies on an error must not leave its servers running (and loading the machine
  // for the next run): killed with it.
  const killWithBench = () => child.kill('SIGKILL');
  process.once('exit', killWithBench);
  const stop = async () => {
    process.off('exit', killWithBench);
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // A server stuck on its main thread never runs its SIGTERM handler: killed after 10 s.
    const stuck = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(stuck);
  };
  try {
    await waitForHealth(baseUrl, child, opts.healthEveryMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, child, stop };
}
