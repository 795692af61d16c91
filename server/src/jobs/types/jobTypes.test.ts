import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Client,
  createHarness,
  createUserAndSignIn,
  type Harness,
  type HarnessOptions,
  LOCAL_CALENDARS,
} from '../../test/harness.js';
import { startIcsFeed } from '../../test/icsFeed.js';
import { backupFileName, listBackups } from '../backup.js';
import { briefingTitle } from './assistantBriefing.js';

let h: Harness;
const cleanup: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  await h?.close();
  for (const c of cleanup.splice(0)) await c();
});

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function admin(opts: HarnessOptions = {}) {
  h = await createHarness(opts);
  return createUserAndSignIn(h, 'admin', true);
}

async function create(c: Client, job_type: string, job_config: Record<string, unknown> = {}) {
  return c.request({
    method: 'POST',
    url: '/api/cron/jobs',
    payload: { name: `${job_type} job`, schedule: '*/5 * * * *', job_type, job_config },
  });
}

/** Creates the job, runs it now and answers with its finished execution. */
async function runOnce(c: Client, job_type: string, job_config: Record<string, unknown> = {}) {
  const res = await create(c, job_type, job_config);
  expect(res.statusCode, res.body).toBe(201);
  const uuid = res.json().job_uuid as string;
  const trig = await c.request({ method: 'POST', url: `/api/cron/jobs/${uuid}/trigger` });
  expect(trig.statusCode, trig.body).toBe(202);
  await h.scheduler.idle();
  const list = await c.request({ method: 'GET', url: `/api/cron/executions/${uuid}` });
  return list.json()[0] as { status: string; error: string | null; output: string | null };
}

describe('log_cleanup', () => {
  it('removes old executions, expired sessions and backups beyond keep, and says what it removed', async () => {
    const backupDir = tempDir('daymark-bk-');
    const a = await admin({ env: { BACKUP_DIR: backupDir } });
    const old = await runOnce(a, 'health_check', { min_free_mb: 0 });
    expect(old.status).toBe('success');
    await h.ctx.db.updateTable('cron_executions').set({ started_at: '2020-01-01T00:00:00.000Z' }).execute();
    const other = await createUserAndSignIn(h, 'leaving');
    await h.ctx.db
      .updateTable('sessions')
      .set({ expires_at: '2020-01-01T00:00:00.000Z', last_seen_at: '2020-01-01T00:00:00.000Z' })
      .where('user_id', 'in', h.ctx.db.selectFrom('users').select('id').where('username', '=', other.username))
      .execute();
    for (let i = 0; i < 4; i++) {
      fs.writeFileSync(path.join(backupDir, backupFileName(new Date(Date.UTC(2026, 0, 1 + i)), 'sqlite')), 'x');
    }
    fs.writeFileSync(path.join(backupDir, 'mine.txt'), 'not a backup');
    const e = await runOnce(a, 'log_cleanup', { days: 30, keep: 1 });
    expect(e.status, e.error ?? '').toBe('success');
    expect(e.output).toContain('Removed 1 execution older than 30 days');
    expect(e.output).toContain('Removed 1 expired session');
    expect(e.output).toContain('Removed 3 old backup(s)');
    expect(listBackups(backupDir)).toEqual([backupFileName(new Date(Date.UTC(2026, 0, 4)), 'sqlite')]);
    expect(fs.existsSync(path.join(backupDir, 'mine.txt'))).toBe(true);
    const me = await a.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
  });
});

describe('health_check', () => {
  it('passes when every check passes, fails with details and notifies the URL otherwise', async () => {
    const received: unknown[] = [];
    const hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise<void>((r) => hook.close(() => r())));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts`;
    const a = await admin();

    const ok = await runOnce(a, 'health_check', { min_free_mb: 0, notify_url: url });
    expect(ok.status).toBe('success');
    expect(ok.output).toMatch(/^ok {3}database: (sqlite|postgres) answered/m);
    expect(ok.output).toMatch(/^ok {3}disk: \d+ MB free/m);
    expect(received).toEqual([]);

    const bad = await runOnce(a, 'health_check', { min_free_mb: 1_000_000_000, notify_url: url });
    expect(bad.status).toBe('failure');
    expect(bad.error).toBe('Failed: disk');
    expect(bad.output).toMatch(/^FAIL disk: \d+ MB free under .* \(minimum 1000000000 MB\)/m);
    expect(bad.output).toContain('Notified 127.0.0.1');
    expect(received).toEqual([
      {
        method: 'POST',
        type: 'application/json',
        body: expect.objectContaining({
          title: 'Daymark health check failed',
          failed: [{ check: 'disk', detail: expect.stringContaining('MB free') }],
        }),
      },
    ]);
    const badUrl = await create(a, 'health_check', { notify_url: 'file:///etc/passwd' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      error: 'The address to notify must be a web address starting with http:// or https://',
    });
  });

  it("checks each of the user's calendar connections against its server", async () => {
    const a = await admin({ env: LOCAL_CALENDARS });
    const feed = await startIcsFeed([{ uid: 'h', summary: 'Holiday', date: '2026-12-25' }]);
    cleanup.push(() => feed.close());
    await feed.subscribe(a, 'Holidays');
    const ok = await runOnce(a, 'health_check', { min_free_mb: 0 });
    expect(ok.status, ok.output ?? '').toBe('success');
    expect(ok.output).toMatch(/^ok {3}calendar ics \(Holidays\): refreshed at 20\d\d-/m);

    // The feed's server goes away: the check fails and names the calendar.
    await feed.close();
    const bad = await runOnce(a, 'health_check', { min_free_mb: 0 });
    expect(bad.status).toBe('failure');
    expect(bad.error).toBe('Failed: calendar ics (Holidays)');
    expect(bad.output).toMatch(/^FAIL calendar ics \(Holidays\): /m);
  });
});

describe('custom_script', () => {
  function scripts() {
    const dir = tempDir('daymark-scripts-');
    const write = (name: string, body: string) => {
      fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
    write('hello.sh', 'echo "args: $# [$1] [$2]"; echo "secret: ${DAYMARK_TEST_SECRET:-none} ${PATH}"');
    write('slow.sh', 'sleep 30');
    write('loud.sh', 'head -c 200000 /dev/zero | tr "\\0" "a"');
    write('fails.sh', 'echo broken >&2; exit 3');
    fs.writeFileSync(path.join(dir, 'plain.txt'), 'not executable');
    return dir;
  }

  it('is listed as unavailable, and refused, without DAYMARK_SCRIPTS_DIR', async () => {
    const a = await admin();
    const types = (await a.request({ method: 'GET', url: '/api/cron/job-types' })).json();
    expect(types.find((t: { type: string }) => t.type === 'custom_script')).toMatchObject({
      available: false,
      reason: 'this server has no scripts folder set up',
    });
    const res = await create(a, 'custom_script', { script: 'hello.sh' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Custom script is not available: this server has no scripts folder set up');
  });

  it('runs a script by name with an argument array, no shell and no secrets in its environment', async () => {
    // Anything in the server's own environment (keys, database URLs) must not reach the script.
    process.env.DAYMARK_TEST_SECRET = 'sk-very-secret';
    cleanup.push(() => {
      delete process.env.DAYMARK_TEST_SECRET;
    });
    const a = await admin({ env: { DAYMARK_SCRIPTS_DIR: scripts() } });
    const e = await runOnce(a, 'custom_script', { script: 'hello.sh', args: '["two words", "$(id)"]' });
    expect(e.status, e.error ?? '').toBe('success');
    expect(e.output).toBe('args: 2 [two words] [$(id)]\nsecret: none /usr/local/bin:/usr/bin:/bin\n');
    const failed = await runOnce(a, 'custom_script', { script: 'fails.sh' });
    expect(failed).toMatchObject({ status: 'failure', error: 'Script exited with code 3', output: 'broken\n' });
  });

  it('refuses paths, .. and names outside the folder', async () => {
    const dir = scripts();
    fs.symlinkSync('/bin/sh', path.join(dir, 'link'));
    const a = await admin({ env: { DAYMARK_SCRIPTS_DIR: dir } });
    for (const script of ['../hello.sh', '/bin/sh', 'sub/hello.sh', '..', '.hidden', 'a\\b']) {
      const res = await create(a, 'custom_script', { script });
      expect(res.statusCode, script).toBe(400);
      expect(res.json().error).toBe('Script must be a file name in the scripts folder, without a path');
    }
    expect((await create(a, 'custom_script', { script: 'hello.sh', args: 'rm -rf /' })).json().error).toBe(
      'Arguments must be a list of words in quotes and brackets, e.g. ["--full"]',
    );
    const link = await runOnce(a, 'custom_script', { script: 'link' });
    expect(link).toMatchObject({ status: 'failure', error: 'script must be a file inside DAYMARK_SCRIPTS_DIR' });
    const plain = await runOnce(a, 'custom_script', { script: 'plain.txt' });
    expect(plain).toMatchObject({ status: 'failure', error: 'Script is not executable: plain.txt' });
    const missing = await runOnce(a, 'custom_script', { script: 'nope.sh' });
    expect(missing).toMatchObject({ status: 'failure', error: 'Script not found in DAYMARK_SCRIPTS_DIR: nope.sh' });
  });

  it('stops a script at its timeout and caps its output', async () => {
    const a = await admin({ env: { DAYMARK_SCRIPTS_DIR: scripts() } });
    const slow = await runOnce(a, 'custom_script', { script: 'slow.sh', timeout_seconds: 1 });
    expect(slow).toMatchObject({ status: 'failure', error: 'Timed out after 1 s' });
    const loud = await runOnce(a, 'custom_script', { script: 'loud.sh' });
    expect(loud.status).toBe('success');
    expect(loud.output?.startsWith('a'.repeat(64 * 1024))).toBe(true);
    expect(loud.output).toContain('(output truncated at 64 KB; 134464 more bytes dropped)');
    expect(loud.output?.length).toBeLessThan(66 * 1024);
  });
});

describe('assistant_briefing', () => {
  it("saves a briefing built from the user's own data as a conversation titled with the date", async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const bob = await createUserAndSignIn(h, 'bob');
    await alice.request({ method: 'POST', url: '/api/todos', payload: { content: 'Call the plumber' } });
    await bob.request({ method: 'POST', url: '/api/todos', payload: { content: "Bob's secret todo" } });
    const e = await runOnce(alice, 'assistant_briefing');
    expect(e.status, e.error ?? '').toBe('success');
    const today = new Date().toISOString().slice(0, 10);
    const convs = (await alice.request({ method: 'GET', url: '/api/coach/conversations' })).json();
    expect(convs).toEqual([expect.objectContaining({ coach_type: 'assistant', title: briefingTitle(today) })]);
    const detail = (
      await alice.request({ method: 'GET', url: `/api/coach/conversations/${convs[0].conversation_uuid}` })
    ).json();
    const reply = detail.messages.at(-1).content as string;
    expect(reply).toContain('Call the plumber');
    expect(reply).not.toContain("Bob's secret todo");
    expect((await bob.request({ method: 'GET', url: '/api/coach/conversations' })).json()).toEqual([]);
  });
});
