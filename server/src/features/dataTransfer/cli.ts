import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_TIME_ZONE, todayIn } from '#common/time.js';
import { loadConfig } from '../../config.js';
import { type Db, migrateToLatest, openDatabase } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { RESTORE_USAGE, restoreCommand } from '../../jobs/dataCli.js';
import { formatMb } from '../activities/read/index.js';
import { importUpload } from '../activities/service.js';
import { exportZip } from './exportData.js';
import { importExport, readExport } from './importData.js';
import { copySqliteToPostgres, MigrateError } from './migrate.js';

export const DATA_USAGE = `Usage: npm run data -- <command>
  export --user NAME [file]       write the user's export zip (default: daymark-NAME-DATE.zip)
  import --user NAME file [--dry-run]
                                  import an export zip into the user's account
  activities --user NAME file     import a watch file (.fit, .gpx, .tcx, maybe .gz) or a Strava/Garmin export zip
  migrate --to postgres://…       copy this SQLite instance (DATA_DIR) into an empty PostgreSQL database
${RESTORE_USAGE}`;

class UsageError extends Error {}

const option = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
/** Arguments that are neither options nor their values. */
const positional = (args: string[], withValues: string[]) =>
  args.filter((a, i) => !a.startsWith('--') && !withValues.includes(args[i - 1] ?? ''));

async function findUser(db: Db, username: string | undefined) {
  if (!username) throw new UsageError(DATA_USAGE);
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'timezone'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) throw new UsageError(`No user named '${username}'.`);
  return { id: user.id, username: user.username, timeZone: user.timezone ?? DEFAULT_TIME_ZONE };
}

async function withDatabase<T>(env: NodeJS.ProcessEnv, run: (db: Db) => Promise<T>): Promise<T> {
  const handle = openDatabase(loadConfig(env));
  try {
    await migrateToLatest(handle.db);
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

async function exportCommand(args: string[], env: NodeJS.ProcessEnv) {
  await withDatabase(env, async (db) => {
    const user = await findUser(db, option(args, '--user'));
    const file = positional(args, ['--user'])[0] ?? `daymark-${user.username}-${todayIn(user.timeZone)}.zip`;
    await pipeline(exportZip(db, user), fs.createWriteStream(file));
    console.log(`Exported '${user.username}' to ${path.resolve(file)} (${fs.statSync(file).size} bytes).`);
  });
}

async function importCommand(args: string[], env: NodeJS.ProcessEnv) {
  const file = positional(args, ['--user'])[0];
  if (!file) throw new UsageError(DATA_USAGE);
  const dryRun = args.includes('--dry-run');
  await withDatabase(env, async (db) => {
    const user = await findUser(db, option(args, '--user'));
    const report = await importExport(db, user.id, readExport(new Uint8Array(fs.readFileSync(file))), dryRun);
    console.log(dryRun ? 'Dry run: nothing was written.' : `Imported into '${user.username}'.`);
    for (const [table, c] of Object.entries(report.tables)) {
      console.log(`  ${table}: ${c.added} added, ${c.skipped} already present, ${c.rejected} rejected`);
    }
    for (const r of report.rejected) console.log(`  rejected ${r.table} row ${r.row}: ${r.reason}`);
  });
}

async function activitiesCommand(args: string[], env: NodeJS.ProcessEnv) {
  const file = positional(args, ['--user'])[0];
  if (!file) throw new UsageError(DATA_USAGE);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`There is no file ${file}.`);
  const limit = loadConfig(env).activityImportMaxBytes;
  if (fs.statSync(file).size > limit) {
    throw new UsageError(`${file} is larger than ${formatMb(limit)} (ACTIVITY_IMPORT_MAX_BYTES).`);
  }
  await withDatabase(env, async (db) => {
    const user = await findUser(db, option(args, '--user'));
    let shown = -1;
    const result = await importUpload(db, user, file, path.basename(file), (done, total) => {
      const percent = total ? Math.floor((done / total) * 100) : 100;
      if (percent === shown) return;
      shown = percent;
      process.stderr.write(`\r  read ${done} of ${total} files (${percent}%)`);
    });
    if (shown >= 0) process.stderr.write('\n');
    console.log(
      `Imported into '${user.username}': ${result.imported} activities added (${result.attached} beside logs already written), ${result.duplicates} already there, ${result.failed.length} could not be read.`,
    );
    for (const f of result.failed) console.log(`  ${f.file}: ${f.reason}`);
  });
}

async function migrateCommand(args: string[], env: NodeJS.ProcessEnv) {
  const to = option(args, '--to');
  if (!to || !/^postgres(ql)?:\/\//.test(to)) throw new UsageError(DATA_USAGE);
  const config = loadConfig(env);
  if (config.databaseUrl) {
    throw new UsageError('migrate copies the SQLite database in DATA_DIR: unset DATABASE_URL to run it.');
  }
  if (!fs.existsSync(path.join(config.dataDir, 'daymark.db'))) {
    throw new UsageError(`There is no SQLite database in ${config.dataDir}.`);
  }
  const source = openDatabase({ dataDir: config.dataDir });
  const target = openDatabase({ databaseUrl: to, dataDir: config.dataDir });
  try {
    await migrateToLatest(source.db);
    await migrateToLatest(target.db);
    const counts = await copySqliteToPostgres(source.db, target.db, (line) => console.log(`  copied ${line}`));
    console.log(`Done: ${counts.length} tables copied and their row counts verified.`);
    console.log('Set DATABASE_URL to the new database and restart Daymark.');
  } finally {
    await source.close();
    await target.close();
  }
}

/** The data subcommands, by name, for the `npm run data` dispatcher. */
export const DATA_COMMANDS: Record<string, (args: string[], env: NodeJS.ProcessEnv) => Promise<unknown>> = {
  export: exportCommand,
  import: importCommand,
  activities: activitiesCommand,
  migrate: migrateCommand,
  restore: restoreCommand,
};

/** Runs one data subcommand; returns the exit code (messages for people on stderr). */
export async function runDataCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...args] = argv;
  const run = command ? DATA_COMMANDS[command] : undefined;
  if (!run) {
    console.error(DATA_USAGE);
    return 2;
  }
  try {
    // A command answers its exit code, or nothing when it succeeded.
    const code = await run(args, env);
    return typeof code === 'number' ? code : 0;
  } catch (err) {
    if (err instanceof UsageError || err instanceof MigrateError || err instanceof HttpError) {
      console.error(err.message);
      return err instanceof UsageError ? 2 : 1;
    }
    console.error(`Failed: ${(err as Error).message}`);
    return 1;
  }
}
