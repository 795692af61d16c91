import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/index.js';
import { cliBundle, runCli } from '../../test/cli.js';
import { createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { listBackups, verifySqliteFile } from '../backup.js';

let h: Harness;
let backupDir: string;
let cli: string;
beforeAll(async () => {
  cli = await cliBundle();
}, 120_000);
afterEach(async () => {
  await h?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

async function setup() {
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-backups-'));
  h = await createHarness({ env: { BACKUP_DIR: backupDir } });
  const admin = await createUserAndSignIn(h, 'admin', true);
  return admin;
}

async function createBackupJob(admin: Awaited<ReturnType<typeof setup>>, keep = 7) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/cron/jobs',
    payload: { name: 'Nightly backup', schedule: '0 0 * * *', job_type: 'database_backup', job_config: { keep } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().job_uuid as string;
}

async function runJob(admin: Awaited<ReturnType<typeof setup>>, uuid: string) {
  const res = await admin.request({ method: 'POST', url: `/api/cron/jobs/${uuid}/trigger` });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as number;
}

async function execution(id: number) {
  return h.ctx.db.selectFrom('cron_executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** `npm run data -- …` as an operator runs it, against the harness's database. */
function dataCli(args: string[]) {
  return runCli(cli, ['data', ...args], { ...process.env, ...h.env, LOG_LEVEL: 'silent' });
}

describe('database_backup', { timeout: 120_000 }, () => {
  it('backs up while the app writes, verifies the copy, and the copy restores every row', async () => {
    const admin = await setup();
    const before = [];
    for (let i = 0; i < 300; i++) {
      const r = await admin.request({ method: 'POST', url: '/api/todos', payload: { content: `todo ${i}` } });
      before.push(r.json().id as number);
    }
    const uuid = await createBackupJob(admin);
    const id = await runJob(admin, uuid);
    // Keep writing until the backup has finished.
    let written = 0;
    while ((await execution(id)).status === 'running') {
      await admin.request({ method: 'POST', url: '/api/todos', payload: { content: `during ${written++}` } });
    }
    await h.scheduler.idle();
    const done = await execution(id);
    expect(done.status, done.error ?? '').toBe('success');
    const [file] = listBackups(backupDir);
    expect(file).toBeDefined();
    const backupPath = path.join(backupDir, file as string);
    expect(done.output).toContain(`Backup written: ${backupPath}`);
    expect(done.output).toMatch(/Verified: /);
    // One self-contained file: no journal or WAL files left beside it.
    expect(fs.readdirSync(backupDir)).toEqual([file]);

    // Wipe, restore with the CLI, and every row of the backup is back.
    await h.ctx.db.deleteFrom('todos').execute();
    const restore = dataCli(['restore', backupPath]);
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    const reopened = openDatabase(loadConfig(h.env));
    try {
      const ids = (await reopened.db.selectFrom('todos').select('id').execute()).map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining(before));
      if (h.ctx.dialect === 'sqlite') {
        expect(ids.length).toBe(verifySqliteFile(backupPath).todos);
      }
      const users = await reopened.db.selectFrom('users').select('username').execute();
      expect(users.map((u) => u.username)).toContain('admin');
    } finally {
      await reopened.close();
    }
  });

  it('keeps only the newest backups', async () => {
    const admin = await setup();
    const uuid = await createBackupJob(admin, 2);
    for (let i = 0; i < 3; i++) {
      await runJob(admin, uuid);
      await h.scheduler.idle();
      // Backup names carry the time to the millisecond.
      await new Promise((r) => setTimeout(r, 5));
    }
    const files = listBackups(backupDir);
    expect(files.length).toBe(2);
    const last = await h.ctx.db
      .selectFrom('cron_executions')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.status).toBe('success');
    expect(last.output).toMatch(/Removed old backups: daymark-/);
  });

  it('refuses to restore a file that is not a backup', async () => {
    await setup();
    const bogus = path.join(backupDir, 'not-a-backup.sqlite');
    fs.writeFileSync(bogus, 'hello');
    const res = dataCli(['restore', bogus]);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/^Failed: /);
    expect(dataCli(['restore']).code).toBe(2);
  });
});
