import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type KyselyConfig,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import type { Dialect } from './migrationHelpers.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (COUNT, SUM) as strings; the app's numbers all fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** The SQLite database file under DATA_DIR (also read by backups and restore). */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'daymark.db');

/**
 * Opens the configured database. `log` receives every executed query (the bench server uses it
 * to replay a route's SQL in a bare twin); production passes none.
 */
export function openDatabase(
  opts: { databaseUrl?: string | undefined; dataDir: string },
  log?: KyselyConfig['log'],
): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(sqliteFile(opts.dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), ...(log ? { log } : {}) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Features are built in parallel and each brings its own migration (named after the feature);
  // they touch separate tables, so one that lands after a later-numbered one still applies.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
