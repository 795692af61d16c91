import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { sqliteFile } from '../db/index.js';
import { restorePostgres, restoreSqlite } from './backup.js';

export const RESTORE_USAGE = `  restore <file>                  replace the database with a backup made by a database_backup job
                                  (stop the server first; a SQLite database is kept beside it as
                                  daymark.db.before-restore-<time>)`;

/** `npm run data -- restore <file>`; returns the exit code. */
export async function restoreCommand([file]: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (!file) {
    console.error(`Usage: npm run data -- restore <file>\n${RESTORE_USAGE}`);
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
}
