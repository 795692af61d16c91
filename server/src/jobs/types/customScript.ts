import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type JobType, num, OUTPUT_LIMIT, text } from './jobType.js';

/** A file name in the scripts folder: no path separators, no `..`, not hidden. */
export function scriptNameProblem(name: string): string | null {
  if (!name) return 'Script is required';
  if (name.includes('/') || name.includes('\\') || name.includes('..') || name.startsWith('.') || name.includes('\0')) {
    return 'Script must be a file name in the scripts folder, without a path';
  }
  return null;
}

const ARGS_PROBLEM = 'Arguments must be a list of words in quotes and brackets, e.g. ["--full"]';

/** The argument array: a JSON array of strings, or empty. */
export function parseArgs(raw: unknown): string[] | string {
  if (raw === undefined || raw === null || raw === '') return [];
  if (Array.isArray(raw)) return raw.every((a) => typeof a === 'string') ? (raw as string[]) : ARGS_PROBLEM;
  if (typeof raw !== 'string') return ARGS_PROBLEM;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every((a) => typeof a === 'string')) return parsed as string[];
  } catch {}
  return ARGS_PROBLEM;
}

/** Runs the file without a shell, in a minimal environment, and keeps at most OUTPUT_LIMIT bytes of output. */
function runScript(file: string, args: string[], cwd: string, signal: AbortSignal) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(file, args, {
      cwd,
      shell: false,
      // No secrets: nothing of the server's environment but a plain PATH and locale.
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', HOME: cwd },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    let dropped = 0;
    const take = (b: Buffer) => {
      const room = OUTPUT_LIMIT - kept;
      if (room > 0) {
        chunks.push(b.subarray(0, room));
        kept += Math.min(room, b.length);
      }
      dropped += Math.max(0, b.length - Math.max(room, 0));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => {
      let output = Buffer.concat(chunks).toString('utf8');
      if (dropped) output += `\n… (output truncated at ${OUTPUT_LIMIT / 1024} KB; ${dropped} more bytes dropped)`;
      resolve({ code, output });
    });
  });
}

export const customScript: JobType = {
  type: 'custom_script',
  name: 'Custom script',
  description: "Runs a program from the server's scripts folder with the given arguments, without a shell.",
  configSchema: {
    script: {
      type: 'text',
      label: 'Script',
      required: true,
      description: "The file name of a program in the server's scripts folder, e.g. nightly-report.sh.",
    },
    args: {
      type: 'text',
      label: 'Arguments',
      required: false,
      default: '[]',
      description: 'What the script is given, as a list in quotes and brackets, e.g. ["--full"]; [] for nothing.',
    },
    timeout_seconds: {
      type: 'number',
      label: 'Time limit (seconds)',
      required: true,
      default: 300,
      min: 1,
      max: 24 * 3600,
      description: 'The script is stopped if it runs longer than this.',
    },
  },
  system: true,
  timeoutMs: (config) => num(config, 'timeout_seconds', 300) * 1000,
  unavailable: (config) => (config.scriptsDir ? null : 'this server has no scripts folder set up'),
  check(config) {
    const p = scriptNameProblem(text(config, 'script') ?? '');
    if (p) return p;
    const args = parseArgs(config.args);
    return typeof args === 'string' ? args : null;
  },
  async run({ ctx, job, signal }) {
    const dir = ctx.config.scriptsDir;
    if (!dir) throw new Error('This server has no scripts folder set up');
    const name = text(job.config, 'script') ?? '';
    const problem = scriptNameProblem(name);
    if (problem) throw new Error(problem);
    const args = parseArgs(job.config.args);
    if (typeof args === 'string') throw new Error(args);
    // Resolve links too: the real file must still be inside the real scripts folder.
    const realDir = fs.realpathSync(dir);
    let file: string;
    try {
      file = fs.realpathSync(path.join(realDir, name));
    } catch {
      throw new Error(`Script not found in DAYMARK_SCRIPTS_DIR: ${name}`);
    }
    if (path.dirname(file) !== realDir) throw new Error('script must be a file inside DAYMARK_SCRIPTS_DIR');
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      throw new Error(`Script is not executable: ${name}`);
    }
    const { code, output } = await runScript(file, args, realDir, signal);
    return { output, failure: code === 0 ? undefined : `Script exited with code ${code}` };
  },
};
