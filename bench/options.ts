/**
 * Command-line options of `npm run bench` (`npm run bench -- --data 5y --json`), read once so
 * that scenarios can size their data from the chosen data set.
 *
 *   --data standard|5y   the seeded data set (default standard)
 *   --json [file.json]   also write the figures as JSON (default bench/results/<data>-<time>.json)
 *   --only a,b           run only the scenarios whose name contains one of these words
 *   --cpu-prof           start the server with --cpu-prof (profiles in bench/results/profiles)
 *   --flood-runs N       run each login-flood case N times on fresh apps, samples pooled (default 1)
 */
const argv = process.argv.slice(2);

/** The value after `flag`, or undefined when the flag is absent or followed by another flag. */
function flagValue(flag: string): string | undefined {
  const i = argv.indexOf(flag);
  const next = i >= 0 ? argv[i + 1] : undefined;
  return next && !next.startsWith('--') ? next : undefined;
}

const data = flagValue('--data') ?? 'standard';
if (data !== 'standard' && data !== '5y') throw new Error(`--data must be standard or 5y, not ${data}`);

const floodRuns = Number(flagValue('--flood-runs') ?? 1);
if (!Number.isInteger(floodRuns) || floodRuns < 1) throw new Error('--flood-runs must be a whole number of at least 1');

export const options = {
  floodRuns,
  data: data as 'standard' | '5y',
  /** null: no JSON; '': the default file. */
  json: argv.includes('--json') ? (flagValue('--json') ?? '') : null,
  cpuProf: argv.includes('--cpu-prof'),
  only: flagValue('--only')
    ?.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
};

/** Sizes that differ between the standard data set and five years of heavy use. */
export const sizes =
  options.data === '5y'
    ? { todos: 100_000, openTodos: 150, workoutDays: 1800, conversations: 2000 }
    : { todos: 2000, openTodos: 150, workoutDays: 365, conversations: 500 };
