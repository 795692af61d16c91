/**
 * npm run bench:data -- --accounts N --years Y [--heavy K] [--seed S] [--today YYYY-MM-DD]
 *   [--prefix user] [--database-url postgres://…] [--data-dir DIR]
 *
 * Fills a database with generated accounts (see generate.ts): PostgreSQL when --database-url (or
 * DATABASE_URL) is given, else SQLite in --data-dir (default ./bench-data). Migrates it first.
 * Every account's password is `bench-password` (one hash for all). Prints the time taken and the
 * bytes and rows per account-year.
 */
import { todayIn } from '#common/time.js';
import { migrateToLatest, openDatabase } from '../../server/src/db/index.js';
import { hashPassword } from '../../server/src/features/auth/passwords.js';
import { generate } from './generate.js';
import { sizeTable, tableSizes } from './sizes.js';

export const BENCH_PASSWORD = 'bench-password';

const argv = process.argv.slice(2);
function flag(name: string): string | undefined {
  const i = argv.indexOf(name);
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v && !v.startsWith('--') ? v : undefined;
}
function whole(name: string, fallback: number, min: number): number {
  const raw = flag(name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return n;
}

const accounts = whole('--accounts', 100, 1);
const heavy = whole('--heavy', 1, 0);
const seed = whole('--seed', 1, 0);
const years = Number(flag('--years') ?? 1);
if (!(years > 0 && years <= 20)) throw new Error('--years must be more than 0 and at most 20');
if (heavy >= accounts) throw new Error('--heavy must be fewer than --accounts');
const today = flag('--today') ?? todayIn('UTC');
const databaseUrl = flag('--database-url') ?? process.env.DATABASE_URL;
const dataDir = flag('--data-dir') ?? './bench-data';

const handle = openDatabase({ databaseUrl, dataDir });
try {
  await migrateToLatest(handle.db);
  const started = performance.now();
  let last = 0;
  const made = await generate(handle.db, {
    accounts,
    years,
    heavy,
    seed,
    today,
    prefix: flag('--prefix') ?? 'user',
    passwordHash: await hashPassword(BENCH_PASSWORD),
    progress: (done, rows) => {
      if (performance.now() - last < 2000 && done < accounts) return;
      last = performance.now();
      console.log(`${done}/${accounts} accounts, ${rows} rows, ${Math.round((performance.now() - started) / 1000)} s`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const rows = made.reduce((n, a) => n + a.rows, 0);
  console.log(
    `\n${accounts} accounts (${heavy} heavy, ${years} years) on ${handle.dialect}: ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)`,
  );
  const accountYears = made.reduce((n, a) => n + a.years, 0);
  console.log(
    `\nSize (${accountYears.toFixed(0)} account-years):\n${sizeTable(await tableSizes(handle.db, handle.dialect), accountYears)}`,
  );
} finally {
  await handle.close();
}
