import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { sqliteFile } from '../db/index.js';
import { restorePostgres, restoreSqlite } from './backup.js';

export const DATA_USAGE = `Usage: npm run data -- <command>
  restore <file>   replace the database with a backup made by a database_backup job
                   (stop the server first; a SQLite database is kept beside it as
                   daymark.db.before-restore-<time>)`;

/** `npm run data -- …`: one function per subcommand, so new ones are one line each. */
const commands: Record<string, (args: string[], env: NodeJS.ProcessEnv) => Promise<number>> = {
  restore: async ([file], env) => {
    if (!file) {
      console.error(DATA_USAGE);
      return 2;
    }
    const backup = path.resolve(file);
    if (!fs.existsSync(backup)) {
      console.error(`No such file: ${backup}`);
      return 1;
    }
    const config = loadConfig(env);
    if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, backup);
      console.log(`Restored ${backup} into the PostgreSQL database.`);
    } else {
      const kept = restoreSqlite(sqliteFile(config.dataDir), backup, new Date());
      console.log(`Restored ${backup} to ${sqliteFile(config.dataDir)}.`);
      if (kept) console.log(`The previous database is kept as ${kept}.`);
    }
    return 0;
  },
};

export async function runDataCommand(argv: string[], env = process.env): Promise<number> {
  const [command, ...rest] = argv;
  const run = command ? commands[command] : undefined;
  if (!run) {
    console.error(DATA_USAGE);
    return 2;
  }
  try {
    return await run(rest, env);
  } catch (err) {
    console.error(`Failed: ${(err as Error).message}`);
    return 1;
  }
}
