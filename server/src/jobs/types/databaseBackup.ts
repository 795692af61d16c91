import { sql } from 'kysely';
import { sqliteFile } from '../../db/index.js';
import { backupPostgres, backupSqlite, pruneBackups } from '../backup.js';
import { type JobType, num } from './jobType.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The app's tables in PostgreSQL, each of which a verified archive must hold. */
async function pgTables(run: Parameters<JobType['run']>[0]) {
  const rows = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(run.ctx.db);
  return rows.rows.map((r) => r.table_name).sort();
}

export const databaseBackup: JobType = {
  type: 'database_backup',
  name: 'Database backup',
  description:
    'Copies the database into the backup folder while the app keeps running, verifies the copy, and keeps the newest ones.',
  configSchema: {
    keep: {
      type: 'number',
      label: 'Backups to keep',
      required: true,
      default: 7,
      min: 1,
      description: 'How many of the newest backups stay; older ones are deleted after each backup.',
    },
  },
  system: true,
  timeoutMs: () => 30 * 60 * 1000,
  unavailable: () => null,
  async run(run) {
    const { config, dialect } = run.ctx;
    const now = run.now();
    const result =
      dialect === 'sqlite'
        ? await backupSqlite(sqliteFile(config.dataDir), config.backupDir, now)
        : await backupPostgres(config.databaseUrl as string, await pgTables(run), config.backupDir, now, run.signal);
    const removed = pruneBackups(config.backupDir, num(run.job.config, 'keep', 7));
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    const lines = [
      `Backup written: ${result.file} (${kb(result.bytes)})`,
      dialect === 'sqlite'
        ? `Verified: integrity check ok, ${rows} rows in ${Object.keys(result.tables).length} tables match the database`
        : `Verified: pg_restore --list shows the data of all ${Object.keys(result.tables).length} tables`,
      removed.length ? `Removed old backups: ${removed.join(', ')}` : 'No old backups to remove',
    ];
    return { output: lines.join('\n') };
  },
};
