import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAiProvider } from '../ai/provider.js';
import { loadConfig } from '../config.js';
import { findPgTool, pgEnv } from '../jobs/backup.js';
import { seedRadicale } from './calendarSeed.js';
import { cliBundle, runCli } from './cli.js';
import { type FakeGoogle, startFakeGoogle } from './fakeGoogle.js';
import { type FakeOpenAi, startFakeOpenAi } from './fakeOpenAi.js';
import { createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS, signIn, TEST_PASSWORD } from './harness.js';
import { type Radicale, startRadicale } from './radicale.js';
import { startReceiver } from './reminderServers.js';

/**
 * Issues every kind of secret the app knows, then reads everything the app wrote at rest or
 * in a log: none may hold any of them in clear.
 */
const CALDAV_PASSWORD = 'caldav-app-password-Qx7v9WmZ';
const LLM_KEY = 'sk-test-llm-key-4f8a2c9e1b7d6a3f';
const NEW_PASSWORD = 'a brand new passphrase 8841';
const NTFY_TOKEN = 'tk_reminder-ntfy-token-7Hq2';
const WEBHOOK_SECRET = 'whsec-reminder-signing-key-Lm4p';

let google: FakeGoogle;
let radicale: Radicale;
let llm: FakeOpenAi;
let h: Harness;
let backupDir: string;

beforeAll(async () => {
  google = await startFakeGoogle({ email: 'alice@example.com' });
  radicale = await startRadicale({ alice: CALDAV_PASSWORD });
  await seedRadicale(radicale, 'alice', { zone: 'Europe/Paris', email: 'alice@example.com' });
  llm = await startFakeOpenAi(() => 'A short, friendly answer.');
});
afterAll(async () => {
  await google?.stop();
  await radicale?.stop();
  await llm?.close();
});
afterEach(async () => {
  await h?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** Every place a file holds text: raw bytes, and the entries of zip files. */
function textsOf(file: string): Array<{ where: string; text: string }> {
  const bytes = fs.readFileSync(file);
  const out = [
    { where: file, text: bytes.toString('latin1') },
    { where: file, text: bytes.toString('utf8') },
  ];
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    for (const [name, data] of Object.entries(unzipSync(new Uint8Array(bytes)))) {
      out.push({ where: `${file}:${name}`, text: Buffer.from(data).toString('utf8') });
    }
  }
  return out;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function expectNoSecret(places: Array<{ where: string; text: string }>, secrets: Record<string, string>) {
  const found: string[] = [];
  for (const { where, text } of places) {
    for (const [kind, secret] of Object.entries(secrets)) {
      // In clear, or as a URL or JSON string carries it.
      const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
      if ([...forms].some((f) => text.includes(f))) found.push(`${kind} in ${where}`);
    }
  }
  expect(found).toEqual([]);
}

describe('secrets at rest and in logs', () => {
  it('stores and logs no password, token, API key, OAuth token, CalDAV password or LLM key in clear', async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-secret-backups-'));
    const env = {
      ...google.env,
      BACKUP_DIR: backupDir,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: LLM_KEY,
      LOG_LEVEL: 'debug',
      ...LOCAL_CALENDARS,
    };
    h = await createHarness({ env, ai: createAiProvider(loadConfig({ DATA_DIR: os.tmpdir(), ...env }).llm) });

    // Passwords and session tokens, through the API as a browser signs in (cookie included).
    const alice = await createUserAndSignIn(h, 'alice', true);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    const cookieToken = login.json().token as string;
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'alice', password: 'wrong guess 1' },
    });
    await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `daymark_session=${cookieToken}` } });

    // An API key, used on the MCP endpoint.
    const key = (await alice.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'Claude' } })).json()
      .key as string;
    await h.app.inject({
      method: 'POST',
      url: '/api/mcp/rpc',
      headers: { 'x-api-key': key, accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    });

    // Google OAuth: consent, token exchange, a sync that uses the access token.
    const authUrl = (
      await alice.request({ method: 'GET', url: '/api/calendar/auth-url?baseUrl=http://localhost:5173' })
    ).json().authUrl as string;
    const consent = await google.consent(authUrl);
    const callback = await alice.request({
      method: 'GET',
      url: `/api/calendar/oauth-callback?code=${encodeURIComponent(consent.code ?? '')}&state=${encodeURIComponent(consent.state ?? '')}`,
    });
    expect(callback.statusCode, callback.body).toBe(200);
    google.expireAccessTokens();
    expect((await alice.request({ method: 'POST', url: '/api/calendar/refresh' })).statusCode).toBe(200);

    // CalDAV, as a second user (one connection of each kind per user).
    const bob = await createUserAndSignIn(h, 'bob');
    const caldav = await bob.request({
      method: 'POST',
      url: '/api/calendar/caldav',
      payload: { url: `${radicale.url}/`, username: 'alice', password: CALDAV_PASSWORD },
    });
    expect(caldav.statusCode, caldav.body).toBe(201);

    // Reminder channels: a ntfy access token and a webhook's signing key, each used by a test send.
    const receiver = await startReceiver();
    try {
      for (const config of [
        { kind: 'ntfy', server: receiver.url, topic: 'alice', token: NTFY_TOKEN },
        { kind: 'webhook', url: `${receiver.url}/hook`, secret: WEBHOOK_SECRET },
      ]) {
        const made = await alice.request({
          method: 'POST',
          url: '/api/reminders/channels',
          payload: { label: config.kind, enabled: true, detail: 'titles', kinds: ['training'], config },
        });
        expect(made.statusCode, made.body).toBe(201);
        const sent = await alice.request({
          method: 'POST',
          url: `/api/reminders/channels/${made.json().channel.id}/test`,
        });
        expect(sent.json().ok).toBe(true);
      }
      expect(receiver.requests.map((r) => r.headers.authorization ?? r.headers['x-daymark-signature-256'])).toEqual([
        `Bearer ${NTFY_TOKEN}`,
        expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      ]);
    } finally {
      await receiver.close();
    }

    // The LLM key, on a coach chat that reaches the provider.
    const chat = await alice.request({
      method: 'POST',
      url: '/api/coach/chat',
      payload: { messages: [{ role: 'user', content: 'Hello' }], coachType: 'vocational' },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(llm.requests.length).toBeGreaterThan(0);
    expect((await alice.request({ method: 'GET', url: '/api/health/llm' })).statusCode).toBe(200);

    // A password change through the account CLI (signs everyone out) and a sign-in with it.
    const cli = runCli(
      await cliBundle(),
      ['users', 'passwd', 'bob'],
      { ...process.env, ...h.env, LOG_LEVEL: 'debug' },
      `${NEW_PASSWORD}\n`,
    );
    expect(cli.code, cli.err).toBe(0);
    const bobAgain = await signIn(h, 'bob', NEW_PASSWORD);

    // A backup and an export, as written for the user and the operator.
    const job = await alice.request({
      method: 'POST',
      url: '/api/cron/jobs',
      payload: { name: 'Backup', schedule: '0 0 * * *', job_type: 'database_backup', job_config: { keep: 3 } },
    });
    expect(job.statusCode, job.body).toBe(201);
    await alice.request({ method: 'POST', url: `/api/cron/jobs/${job.json().job_uuid}/trigger` });
    await h.scheduler.idle();
    expect(filesUnder(backupDir).length).toBeGreaterThan(0);
    const exportDir = fs.mkdtempSync(path.join(backupDir, 'export-'));
    for (const c of [alice, bobAgain]) {
      const zip = await c.request({ method: 'GET', url: '/api/export' });
      expect(zip.statusCode).toBe(200);
      fs.writeFileSync(path.join(exportDir, `${c.username}.zip`), zip.rawPayload);
    }

    const secrets: Record<string, string> = {
      password: TEST_PASSWORD,
      'wrong password': 'wrong guess 1',
      'new password': NEW_PASSWORD,
      'session token': alice.token,
      'cookie session token': cookieToken,
      'session token after the password change': bobAgain.token,
      'API key': key,
      'CalDAV password': CALDAV_PASSWORD,
      'ntfy access token': NTFY_TOKEN,
      'webhook signing key': WEBHOOK_SECRET,
      'LLM key': LLM_KEY,
      'Google client secret': google.clientSecret,
      'OAuth authorization code': consent.code ?? '(none)',
      'OAuth state': consent.state ?? '(none)',
    };
    const tokens = google.issuedTokens();
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    tokens.forEach((t, i) => {
      secrets[`Google OAuth token ${i}`] = t;
    });

    // Everything the app wrote: its data directory (SQLite file, WAL, secret key excluded as
    // it is the key itself), the backups and exports, a dump of PostgreSQL, every log line.
    const places: Array<{ where: string; text: string }> = [];
    for (const file of [...filesUnder(h.env.DATA_DIR ?? ''), ...filesUnder(backupDir)]) places.push(...textsOf(file));
    if (h.ctx.dialect === 'sqlite') {
      const names = filesUnder(h.env.DATA_DIR ?? '').map((f) => path.basename(f));
      expect(names.some((n) => n.endsWith('-wal'))).toBe(true);
    } else {
      const pgDump = findPgTool('pg_dump');
      const pgRestore = findPgTool('pg_restore');
      expect(pgDump && pgRestore).toBeTruthy();
      const url = h.env.DATABASE_URL ?? '';
      const childEnv = { PATH: process.env.PATH ?? '', ...pgEnv(url) };
      places.push({
        where: 'pg_dump',
        text: execFileSync(pgDump as string, ['--format=plain'], { env: childEnv }).toString(),
      });
      for (const file of filesUnder(backupDir).filter((f) => f.endsWith('.pgdump'))) {
        places.push({
          where: `${file} (restored as SQL)`,
          text: execFileSync(pgRestore as string, ['--file=-', file]).toString(),
        });
      }
    }
    places.push({ where: 'app log', text: h.logs.join('') });
    places.push({ where: 'CLI output', text: `${cli.out}${cli.err}` });
    // The scan can find what it looks for: a row written in clear is seen.
    expect(places.some((p) => p.text.includes('alice@example.com'))).toBe(true);
    expectNoSecret(places, secrets);
  }, 120_000);
});
