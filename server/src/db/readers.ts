import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyConfig,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from './schema.js';

/**
 * Each reader thread holds one read-only connection to the database file and runs one query at
 * a time, keeping its prepared statements. WAL lets it read beside the app's connection: every
 * statement sees what was committed before it started.
 */
const READER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (!statement.reader) throw new Error('A reader thread runs only queries that return rows');
      if (statements.size >= 100) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ error: { message: error.message, code: error.code } });
  }
});`;

interface Job {
  sql: string;
  parameters: readonly unknown[];
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
}

/**
 * A few threads for the app's heaviest reads (full-text search), so that one user's search
 * neither holds the event loop for milliseconds nor waits behind everyone else's requests: it
 * waits in this pool's own queue, in the order queries came, and runs on another core. Threads
 * start on the first query. A thread that dies fails its query and is replaced by the next one.
 */
export class ReaderPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private readonly driver = createRequire(import.meta.url).resolve('better-sqlite3');

  constructor(
    private readonly file: string,
    private readonly size = Math.max(1, Math.min(4, os.availableParallelism())),
  ) {}

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, parameters, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    const closed = () => new Error('The database is closed');
    for (const job of this.queue.splice(0)) job.reject(closed());
    for (const thread of threads) thread.job?.reject(closed());
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private next() {
    while (this.queue.length) {
      const thread = this.threads.find((t) => !t.job) ?? this.start();
      if (!thread) return;
      const job = this.queue.shift() as Job;
      thread.job = job;
      // A thread with work keeps the process alive (a script awaiting its answer); an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage({ sql: job.sql, parameters: job.parameters });
    }
  }

  private start(): Thread | undefined {
    if (this.threads.length >= this.size) return undefined;
    const worker = new Worker(READER_THREAD, { eval: true, workerData: { driver: this.driver, file: this.file } });
    const thread: Thread = { worker, job: undefined };
    worker.on('message', (answer: { rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const job = thread.job;
      thread.job = undefined;
      worker.unref();
      if (answer.error) job?.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else job?.resolve(answer.rows ?? []);
      this.next();
    });
    const fail = (error: Error) => {
      const at = this.threads.indexOf(thread);
      if (at < 0) return;
      this.threads.splice(at, 1);
      thread.job?.reject(error);
      thread.job = undefined;
      this.next();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A reader thread stopped (exit code ${code})`)));
    this.threads.push(thread);
    return thread;
  }
}

class ReaderConnection implements DatabaseConnection {
  constructor(private readonly pool: ReaderPool) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.run(query.sql, query.parameters)) as R[] };
  }

  // biome-ignore lint/correctness/useYield: a reader answers whole results only.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('A reader connection does not stream');
  }
}

class ReaderDriver implements Driver {
  private readonly connection: ReaderConnection;

  constructor(private readonly pool: ReaderPool) {
    this.connection = new ReaderConnection(pool);
  }

  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('A reader connection runs no transactions');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {
    await this.pool.close();
  }
}

/**
 * A Kysely instance whose queries run on reader threads (SQLite only): for reads that take
 * milliseconds, never for writes or for anything that must see the caller's own open transaction.
 */
export function openReaders(file: string, log?: KyselyConfig['log']): Kysely<Database> {
  const pool = new ReaderPool(file);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReaderDriver(pool),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<Database>({ dialect, ...(log ? { log } : {}) });
}
