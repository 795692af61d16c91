import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, findPgTool, listBackups, notInstalled, pgEnv, pruneBackups } from './backup.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-backup-unit-'));
  dirs.push(d);
  return d;
};

describe('backup helpers', () => {
  it('finds pg_dump only where an executable of that name is, and says what to install otherwise', () => {
    const empty = temp();
    const bin = temp();
    fs.writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(empty, 'pg_restore'), 'not executable', { mode: 0o644 });
    expect(findPgTool('pg_dump', [empty, bin])).toBe(path.join(bin, 'pg_dump'));
    expect(findPgTool('pg_dump', [empty])).toBeNull();
    expect(findPgTool('pg_restore', [empty])).toBeNull();
    expect(notInstalled('pg_dump')).toMatch(/^pg_dump is not installed: install the PostgreSQL client tools/);
  });

  it('passes the connection through libpq variables, password included, never in arguments', () => {
    expect(pgEnv('postgres://day%40mark:s%3Acret@db.example:6543/daymark?sslmode=require')).toEqual({
      PGDATABASE: 'daymark',
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGUSER: 'day@mark',
      PGPASSWORD: 's:cret',
      PGSSLMODE: 'require',
    });
  });

  it('lists and prunes only its own backups, newest first', () => {
    const dir = temp();
    const names = [1, 3, 2].map((d) => backupFileName(new Date(Date.UTC(2026, 0, d, 3, 4, 5, 6)), 'sqlite'));
    for (const n of names) fs.writeFileSync(path.join(dir, n), 'x');
    fs.writeFileSync(path.join(dir, 'daymark-notes.sqlite'), 'keep me');
    expect(listBackups(dir)).toEqual([names[1], names[2], names[0]]);
    expect(pruneBackups(dir, 1)).toEqual([names[2], names[0]]);
    expect(fs.readdirSync(dir).sort()).toEqual(['daymark-notes.sqlite', names[1]].sort());
    expect(backupFileName(new Date('2026-11-23T00:00:00.123Z'), 'pgdump')).toBe('daymark-20261123T000000123Z.pgdump');
  });
});
