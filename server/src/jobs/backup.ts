import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';

const run = promisify(execFile);

/** Backup files this app writes: daymark-<UTC stamp>.sqlite or .pgdump, sortable by name. */
const BACKUP_NAME = /^daymark-\d{8}T\d{6}\d{3}Z\.(sqlite|pgdump)$/;

export const backupFileName = (now: Date, ext: 'sqlite' | 'pgdump') =>
  `daymark-${now.toISOString().replace(/[-:.]/g, '')}.${ext}`;

/** This app's backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => BACKUP_NAME.test(f))
    .sort()
    .reverse();
}

/** Deletes all but the newest `keep` backups; returns the names removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(Math.max(0, keep));
  for (const f of old) fs.rmSync(path.join(dir, f), { force: true });
  return old;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** Rows per table in the copy (SQLite), or the tables whose data the archive holds (PostgreSQL). */
  tables: Record<string, number>;
}

function sqliteTables(db: SQLite.Database): string[] {
  return (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as {
      name: string;
    }[]
  ).map((r) => r.name);
}

function countRows(db: SQLite.Database, tables: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    out[t] = (db.prepare(`SELECT COUNT(*) AS c FROM "${t.replace(/"/g, '""')}"`).get() as { c: number }).c;
  }
  return out;
}

/** Opens a SQLite file read-only and checks it: integrity_check must say ok. Returns its row counts. */
export function verifySqliteFile(file: string): Record<string, number> {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`Backup failed verification: integrity check says ${String(check)}`);
    return countRows(copy, sqliteTables(copy));
  } finally {
    copy.close();
  }
}

/**
 * Copies the live SQLite database with SQLite's online backup API while the app keeps writing.
 * The copy is read inside one read transaction, whose row counts are taken first; the copy is then
 * integrity-checked and its counts compared before it gets its final name.
 */
export async function backupSqlite(dbFile: string, dir: string, now: Date): Promise<BackupResult> {
  fs.mkdirSync(dir, { recursive: true });
  const final = path.join(dir, backupFileName(now, 'sqlite'));
  const tmp = `${final}.partial`;
  const src = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  let expected: Record<string, number>;
  try {
    src.exec('BEGIN');
    expected = countRows(src, sqliteTables(src));
    await src.backup(tmp);
    src.exec('COMMIT');
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  } finally {
    src.close();
  }
  try {
    // A backup is one self-contained file: the copy leaves WAL mode, so opening it (to verify or
    // restore) leaves no -wal/-shm files beside it.
    const copy = new SQLite(tmp, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const got = verifySqliteFile(tmp);
    for (const [table, n] of Object.entries(expected)) {
      if (got[table] !== n) {
        throw new Error(
          `Backup failed verification: ${table} has ${got[table] ?? 0} rows in the copy, ${n} in the database`,
        );
      }
    }
    fs.renameSync(tmp, final);
    return { file: final, bytes: fs.statSync(final).size, tables: got };
  } catch (err) {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
    throw err;
  }
}

/** Where PostgreSQL client programs are looked for: PATH, then Debian's per-version folders, newest first. */
function pgToolDirs(): string[] {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  return dirs;
}

/** A PostgreSQL client program from `dirs`, or null when none is installed. */
export function findPgTool(name: 'pg_dump' | 'pg_restore', dirs = pgToolDirs()): string | null {
  for (const d of dirs) {
    const p = path.join(d, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {}
  }
  return null;
}

export const notInstalled = (tool: string) =>
  `${tool} is not installed: install the PostgreSQL client tools (e.g. apt install postgresql-client) in the version of the database server, or put ${tool} on PATH`;

/** libpq settings from a connection URL, so the password goes through the environment, never the command line. */
export function pgEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = { PGDATABASE: decodeURIComponent(u.pathname.slice(1)) };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const ssl = u.searchParams.get('sslmode');
  if (ssl) env.PGSSLMODE = ssl;
  return env;
}

const childEnv = (url: string) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', ...pgEnv(url) });

/** The tables whose data a custom-format archive holds, from `pg_restore --list`. */
export async function listPgArchive(file: string): Promise<string[]> {
  const tool = findPgTool('pg_restore');
  if (!tool) throw new Error(notInstalled('pg_restore'));
  const { stdout } = await run(tool, ['--list', file], { maxBuffer: 16 * 1024 * 1024 });
  return [...stdout.matchAll(/TABLE DATA \S+ (\S+)/g)].map((m) => m[1] as string);
}

/**
 * Dumps the PostgreSQL database with pg_dump (custom format, one consistent snapshot), then
 * verifies the archive with `pg_restore --list`: it must hold the data of every table.
 */
export async function backupPostgres(
  url: string,
  tables: string[],
  dir: string,
  now: Date,
  signal?: AbortSignal,
): Promise<BackupResult> {
  const tool = findPgTool('pg_dump');
  if (!tool) throw new Error(notInstalled('pg_dump'));
  fs.mkdirSync(dir, { recursive: true });
  const final = path.join(dir, backupFileName(now, 'pgdump'));
  const tmp = `${final}.partial`;
  try {
    await run(tool, ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`], {
      env: childEnv(url),
      signal,
    });
    const listed = new Set(await listPgArchive(tmp));
    const missing = tables.filter((t) => !listed.has(t));
    if (missing.length) throw new Error(`Backup failed verification: no data for ${missing.join(', ')}`);
    fs.renameSync(tmp, final);
    return { file: final, bytes: fs.statSync(final).size, tables: Object.fromEntries(tables.map((t) => [t, 1])) };
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw stderr ? new Error(`pg_dump failed: ${stderr.split('\n')[0]}`) : err;
  }
}

/** Restores a pg_dump archive into the database, replacing what is there, in one transaction. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const tool = findPgTool('pg_restore');
  if (!tool) throw new Error(notInstalled('pg_restore'));
  await listPgArchive(file);
  await run(
    tool,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${pgEnv(url).PGDATABASE}`,
      file,
    ],
    {
      env: childEnv(url),
    },
  );
}

/**
 * Replaces the SQLite database file with a verified backup. The current file is kept beside it
 * as daymark.db.before-restore-<stamp>; the server must be stopped.
 */
export function restoreSqlite(dbFile: string, file: string, now: Date): string | null {
  verifySqliteFile(file);
  let kept: string | null = null;
  if (fs.existsSync(dbFile)) {
    // Fold the write-ahead log in first, so the kept copy is whole on its own.
    const cur = new SQLite(dbFile);
    cur.pragma('wal_checkpoint(TRUNCATE)');
    cur.close();
    kept = `${dbFile}.before-restore-${now.toISOString().replace(/[-:.]/g, '')}`;
    fs.renameSync(dbFile, kept);
  }
  for (const ext of ['-wal', '-shm']) fs.rmSync(`${dbFile}${ext}`, { force: true });
  fs.copyFileSync(file, `${dbFile}.restoring`);
  fs.renameSync(`${dbFile}.restoring`, dbFile);
  return kept;
}
