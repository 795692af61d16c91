import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
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

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): DbHandle {
  if (opts.databaseUrl) {
    // A server that accepts connections but does not answer (restarting) fails a request in 5 s
    // (answered 503) rather than holding it.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    // A connection the server ends while it is checked out (between the statements of a
    // transaction, during a restart) has no pool listener then: without one of its own the
    // 'error' event would end the process. The query using it fails and is answered 503.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`PostgreSQL connection lost while in use: ${err.message}`));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(sqliteFile(opts.dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
