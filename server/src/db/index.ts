import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type LogEvent,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
} from 'kysely';
import type PgModule from 'pg';
import type { Dialect } from './migrationHelpers.js';
import { migrations } from './migrations/index.js';
import { openReaders } from './readers.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  /**
   * For the heaviest reads (search): on SQLite, read-only connections on reader threads (see
   * readers.ts); on PostgreSQL, whose server already reads beside the app, the same pool as `db`.
   */
  reader: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Receives every executed query and which of the handle's instances ran it. */
export type QueryLog = (event: LogEvent, on: 'db' | 'reader') => void;

let pgModule: typeof PgModule | undefined;
/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is opened: an instance on SQLite
 * (the default) does not spend start-up loading it.
 */
function postgresDriver(): typeof PgModule {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof PgModule;
    // PostgreSQL returns bigint (COUNT, SUM) as strings; the app's numbers all fit in a double.
    pgModule.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  }
  return pgModule;
}

/** The SQLite database file under DATA_DIR (also read by backups and restore). */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'daymark.db');

/**
 * Opens the configured database. `log` receives every executed query (the bench server uses it
 * to replay a route's SQL in a bare twin); production passes none.
 */
export function openDatabase(
  opts: { databaseUrl?: string | undefined; dataDir: string; databasePoolSize?: number },
  log?: QueryLog,
): DbHandle {
  if (opts.databaseUrl) {
    // A server that accepts connections but does not answer (restarting) fails a request in 5 s
    // (answered 503) rather than holding it.
    const pool = new (postgresDriver().Pool)({
      connectionString: opts.databaseUrl,
      // DATABASE_POOL_SIZE: instances × pool size must stay below the server's max_connections (README).
      max: opts.databasePoolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    // A connection the server ends while it is checked out (between the statements of a
    // transaction, during a restart) has no pool listener then: without one of its own the
    // 'error' event would end the process. The query using it fails and is answered 503.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`PostgreSQL connection lost while in use: ${err.message}`));
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      ...(log ? { log: (event: LogEvent) => log(event, 'db') } : {}),
    });
    return { db, reader: db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(sqliteFile(opts.dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialectWithTransactionalDdl({ database: withStatementCache(sqlite) }),
    ...(log ? { log: (event: LogEvent) => log(event, 'db') } : {}),
  });
  const reader = openReaders(sqliteFile(opts.dataDir), log && ((event) => log(event, 'reader')));
  return {
    db,
    reader,
    dialect: 'sqlite',
    close: async () => {
      await reader.destroy();
      await db.destroy();
    },
  };
}

/** Prepared statements kept per connection; a route's queries are a few dozen shapes. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, which costs as much as running a small
 * one. Reusing the prepared statement for the same SQL text is safe here: the driver runs one
 * query at a time on the connection (a stream holds it until it ends), and SQLite re-prepares
 * a statement by itself when the schema changes. Least recently used statements are dropped.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, CachedStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (stmt) {
        cache.delete(sqlText);
      } else {
        stmt = withRowsBuilt(sqlite.prepare(sqlText));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
  };
}

/** What Kysely's SQLite driver uses of a statement. */
type CachedStatement = Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/**
 * A reading statement whose rows are read as arrays and made into objects by a function written
 * for its columns. better-sqlite3 builds each row object property by property in C++, which
 * cost half of a long list's read (500 conversations: 1.1 ms of rows, 0.5 ms as arrays plus
 * this); an object literal of the statement's own columns is one fixed shape for V8. The rows
 * are the same objects as before: the same names in the same order, a later column of the
 * same name winning. A column named `__proto__` is an own property (better-sqlite3 makes it the
 * row's prototype). Statements whose columns could change under them (`*`, which a schema change
 * re-reads) keep better-sqlite3's own objects.
 */
function withRowsBuilt(stmt: SQLite.Statement): CachedStatement {
  if (!stmt.reader || stmt.source.includes('*')) return stmt;
  const names = stmt.columns().map((c) => c.name);
  // Each key is written as a JSON string, so no column name is ever read as code; `__proto__`
  // as a computed key defines a property instead of setting the prototype.
  const key = (name: string) => (name === '__proto__' ? `["__proto__"]` : JSON.stringify(name));
  const row = new Function('v', `return {${names.map((name, i) => `${key(name)}: v[${i}]`).join(', ')}};`) as (
    values: unknown[],
  ) => Record<string, unknown>;
  stmt.raw(true);
  return {
    reader: true,
    all: ((...params: unknown[]) => (stmt.all(...params) as unknown[][]).map(row)) as SQLite.Statement['all'],
    run: stmt.run.bind(stmt),
    iterate: function* (...params: unknown[]) {
      for (const values of stmt.iterate(...params) as IterableIterator<unknown[]>) yield row(values);
    } as SQLite.Statement['iterate'],
  };
}

/**
 * SQLite runs schema changes inside a transaction, but Kysely's adapter says it does not, so its
 * migrator committed every statement of every migration on its own: on a first start, a few
 * hundred commits, each waiting for its fsync (`synchronous=FULL`), 80–190 ms of the start. With
 * this adapter the pending migrations run in one transaction, as on PostgreSQL: applied together
 * or not at all. (No migration changes a pragma or vacuums, which a transaction would not allow.)
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

class SqliteDialectWithTransactionalDdl extends SqliteDialect {
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
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
