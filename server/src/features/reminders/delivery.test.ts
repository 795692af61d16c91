import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderSettingsValue } from '#common/api/reminders.js';
import { FakeClock, insertTestJob } from '../../jobs/testing.js';
import {
  type Client,
  createHarness,
  createUserAndSignIn,
  type Harness,
  instancePool,
  LOCAL_CALENDARS,
  userIdOf,
} from '../../test/harness.js';
import { pushDevice, type Receiver, type Smtp, startReceiver, startSmtp } from '../../test/reminderServers.js';

/**
 * Reminders coming due on a clock the test moves, sent to local servers speaking the real
 * protocols: the minute they come in each zone (across daylight-saving changes), once per thing,
 * a moved session's reminder moving with it, retries and failures, Web Push decrypted as a browser
 * would, and three instances on one PostgreSQL database sending each reminder once.
 */

let receiver: Receiver;
let smtp: Smtp;
const pool = instancePool(() => ({}));
beforeAll(async () => {
  receiver = await startReceiver();
  smtp = await startSmtp();
});
afterAll(async () => {
  await receiver.close();
  await smtp.close();
});
afterEach(async () => {
  await pool.closeAll();
  receiver.requests.length = 0;
  smtp.mails.length = 0;
  smtp.to.length = 0;
});

const ALL = ['training', 'briefing', 'journal', 'weekly', 'calendar'];
const APP = 'http://daymark.example:3000';
const noQuiet: ReminderSettingsValue = {
  training_lead_minutes: 15,
  journal_time: '21:00',
  weekly_time: '18:00',
  quiet_start: null,
  quiet_end: null,
};

async function app(clock: FakeClock, shareWith?: Harness): Promise<Harness> {
  return pool.track(
    await createHarness({
      shareWith,
      env: {
        ...LOCAL_CALENDARS,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURITY: 'none',
        SMTP_FROM: 'Daymark <daymark@example.org>',
      },
      scheduler: { clock, reminderMs: 0 },
    }),
  );
}

async function person(h: Harness, name: string, zone: string, settings = noQuiet): Promise<Client> {
  const c = await createUserAndSignIn(h, name);
  await h.ctx.db.updateTable('users').set({ timezone: zone }).where('username', '=', name).execute();
  const res = await c.request({ method: 'PUT', url: '/api/reminders/settings', payload: settings });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

async function channel(c: Client, config: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await c.request({
    method: 'POST',
    url: '/api/reminders/channels',
    payload: { label: 'Mine', enabled: true, detail: 'titles', kinds: ALL, config, app_url: APP, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().channel.id as number;
}

const ntfyTo = (topic: string) => ({ kind: 'ntfy', server: receiver.url, topic });
const topicsSent = () =>
  receiver.requests.map(
    (r) => JSON.parse(String(r.body)) as { topic: string; title: string; message: string; click?: string },
  );

let idx = 0;
async function session(h: Harness, username: string, startAt: string, minutes = 45) {
  const now = new Date().toISOString();
  const row = await h.ctx.db
    .insertInto('training_sessions')
    .values({
      user_id: await userIdOf(h, username),
      week_start: startAt.slice(0, 10),
      idx: ++idx,
      date: startAt.slice(0, 10),
      start_at: startAt,
      end_at: new Date(Date.parse(startAt) + minutes * 60_000).toISOString(),
      minutes,
      status: 'planned',
      placed_by: 'planner',
      calendar: 'off',
      note: null,
      changed_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const log = async (c: Client) =>
  (await c.request({ method: 'GET', url: '/api/reminders/deliveries' })).json().deliveries;

describe('reminders on time', () => {
  it('come the lead minutes before a training session, by e-mail, once', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T11:50:00Z'));
    const h = await app(clock);
    const c = await person(h, 'alice', 'Europe/Berlin');
    await channel(c, { kind: 'email', address: 'alice@example.org' });
    await session(h, 'alice', '2026-12-03T12:10:00.000Z');

    clock.set('2026-12-03T11:54:59Z');
    await h.scheduler.reminders.pass();
    expect(smtp.mails).toHaveLength(0);
    clock.set('2026-12-03T11:55:00Z');
    await h.scheduler.reminders.pass();
    clock.set('2026-12-03T11:56:00Z');
    await h.scheduler.reminders.pass();
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(smtp.to[0]).toEqual(['alice@example.org']);
    expect(mail?.subject).toBe('Training session at 13:10');
    expect(mail?.from?.value).toEqual([{ name: 'Daymark', address: 'daymark@example.org' }]);
    expect(mail?.text).toContain('45 minutes, until 13:55.');
    expect(mail?.text).toContain(`${APP}/workout`);
    expect(await log(c)).toEqual([
      expect.objectContaining({ kind: 'training', status: 'sent', attempts: 1, channel_kind: 'email' }),
    ]);
  });

  it('move with a moved session: the old time is not reminded of, the new one is', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T11:55:00Z'));
    const h = await app(clock);
    const c = await person(h, 'bob', 'UTC');
    await channel(c, ntfyTo('bob'), { detail: 'details' });
    const id = await session(h, 'bob', '2026-12-03T12:10:00.000Z');
    // Created when it came due, then the session moves before it is sent.
    await h.scheduler.reminders.plan();
    await h.ctx.db
      .updateTable('training_sessions')
      .set({ start_at: '2026-12-03T17:00:00.000Z', end_at: '2026-12-03T17:45:00.000Z' })
      .where('id', '=', id)
      .execute();
    await h.scheduler.reminders.deliver();
    expect(receiver.requests).toHaveLength(0);
    clock.set('2026-12-03T16:44:00Z');
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(0);
    clock.set('2026-12-03T16:45:00Z');
    await h.scheduler.reminders.pass();
    expect(topicsSent()).toEqual([
      expect.objectContaining({ topic: 'bob', title: 'Training session at 17:00', message: '45 min · 17:00–17:45' }),
    ]);
    expect((await log(c)).map((d: { status: string }) => d.status)).toEqual(['sent', 'dropped']);
  });

  // Hours written out by hand from the zones' rules: Berlin leaves summer time on Sunday
  // 2026-10-25 at 01:00 UTC (UTC+2 → UTC+1), New York on Sunday 2026-11-01 at 06:00 UTC (UTC−4 → UTC−5).
  it.each([
    { zone: 'Europe/Berlin', kind: 'journal', before: '2026-10-24T18:59:00Z', at: '2026-10-24T19:00:00Z' },
    { zone: 'Europe/Berlin', kind: 'journal', before: '2026-10-25T19:59:00Z', at: '2026-10-25T20:00:00Z' },
    { zone: 'Europe/Berlin', kind: 'weekly', before: '2026-10-25T16:59:00Z', at: '2026-10-25T17:00:00Z' },
    { zone: 'America/New_York', kind: 'journal', before: '2026-10-31T00:59:00Z', at: '2026-11-01T01:00:00Z' },
    { zone: 'America/New_York', kind: 'journal', before: '2026-11-02T01:59:00Z', at: '2026-11-02T02:00:00Z' },
    { zone: 'America/New_York', kind: 'weekly', before: '2026-11-01T22:59:00Z', at: '2026-11-01T23:00:00Z' },
  ])(
    'come at the local minute across a daylight-saving change: $kind in $zone at $at',
    async ({ zone, kind, before, at }) => {
      const clock = new FakeClock(Date.parse(before));
      const h = await app(clock);
      const c = await person(h, 'carol', zone);
      await channel(c, ntfyTo('carol'), { kinds: [kind] });
      await h.scheduler.reminders.pass();
      expect(receiver.requests, `nothing before ${at}`).toHaveLength(0);
      clock.set(at);
      await h.scheduler.reminders.pass();
      expect(topicsSent()).toEqual([
        expect.objectContaining({
          title: kind === 'journal' ? 'Your evening journal is still empty' : 'Next week has no plan yet',
        }),
      ]);
    },
  );

  it('stay quiet in quiet hours and come when they end; a journal written is not reminded of', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T20:00:00Z'));
    const h = await app(clock);
    const c = await person(h, 'dora', 'UTC', {
      ...noQuiet,
      journal_time: '20:00',
      quiet_start: '20:30',
      quiet_end: '07:00',
    });
    await channel(c, ntfyTo('dora'));
    // The evening part written: no journal reminder.
    const saved = await c.request({
      method: 'POST',
      url: '/api/notes/daily/2026-12-03',
      payload: { content: '## Evening Shutdown\n### Wins\n- A long walk\n' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(0);
    // Without it, the same minute would have reminded.
    await c.request({ method: 'POST', url: '/api/notes/daily/2026-12-03', payload: { content: 'Nothing yet.' } });
    await h.scheduler.reminders.pass();
    expect(topicsSent()).toEqual([expect.objectContaining({ title: 'Your evening journal is still empty' })]);
    receiver.requests.length = 0;

    // The briefing prepared at 06:30 waits for the end of quiet hours.
    clock.set('2026-12-04T06:30:00Z');
    const { ReminderDispatcher } = await import('./dispatcher.js');
    const { briefingMessage } = await import('./messages.js');
    await new ReminderDispatcher(h.ctx, { now: () => clock.now() }).notify(await userIdOf(h, 'dora'), {
      kind: 'briefing',
      key: 'briefing:2026-12-04',
      payload: briefingMessage('Three meetings today.'),
    });
    await h.scheduler.reminders.pass();
    clock.set('2026-12-04T06:59:00Z');
    await h.scheduler.reminders.pass();
    expect(topicsSent().filter((m) => m.title.includes('briefing'))).toHaveLength(0);
    clock.set('2026-12-04T07:00:00Z');
    await h.scheduler.reminders.pass();
    expect(topicsSent().filter((m) => m.title.includes('briefing'))).toEqual([
      expect.objectContaining({ title: 'Your morning briefing is ready', message: 'Open it in Daymark.' }),
    ]);
  });
});

describe('an expired calendar connection', () => {
  it('is reminded of once, naming the calendar when details are chosen, and again if it expires again', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T10:00:00Z'));
    const h = await app(clock);
    const c = await person(h, 'kim', 'UTC');
    await channel(c, ntfyTo('kim'), { detail: 'details', kinds: ['calendar'] });
    const now = '2026-12-03T09:00:00.000Z';
    const row = await h.ctx.db
      .insertInto('calendar_connections')
      .values({
        user_id: await userIdOf(h, 'kim'),
        provider: 'ics',
        label: 'Work (Outlook)',
        credentials: 'sealed',
        status: 'connected',
        last_sync_time: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(0);
    const expire = (at: string) =>
      h.ctx.db
        .updateTable('calendar_connections')
        .set({ status: 'expired', updated_at: at })
        .where('id', '=', row.id)
        .execute();
    await expire('2026-12-03T09:30:00.000Z');
    await h.scheduler.reminders.pass();
    clock.set('2026-12-03T10:05:00Z');
    await h.scheduler.reminders.pass();
    expect(topicsSent()).toEqual([
      expect.objectContaining({
        title: 'A calendar connection has expired',
        message: 'Connect “Work (Outlook)” again to keep your calendar up to date.',
        click: `${APP}/dashboard/calendar-settings`,
      }),
    ]);
    // Reconnected, then expired again a week later: a new reminder.
    await h.ctx.db.updateTable('calendar_connections').set({ status: 'connected' }).where('id', '=', row.id).execute();
    await expire('2026-12-10T09:30:00.000Z');
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(2);
  });
});

describe('reminders that fail', () => {
  it('are tried again after 1 and 5 minutes when the failure passes', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T21:00:00Z'));
    const h = await app(clock);
    const c = await person(h, 'erin', 'UTC');
    await channel(c, ntfyTo('erin'), { kinds: ['journal'] });
    receiver.answer(503, 502);
    await h.scheduler.reminders.pass();
    expect(await log(c)).toEqual([expect.objectContaining({ status: 'retrying', attempts: 1 })]);
    clock.set('2026-12-03T21:00:59Z');
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(1);
    clock.set('2026-12-03T21:01:00Z');
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(2);
    clock.set('2026-12-03T21:06:00Z');
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(3);
    expect(await log(c)).toEqual([expect.objectContaining({ status: 'sent', attempts: 3, error: null })]);
  });

  it('fail for good when refused, and three failures in a row stop the channel with a notice', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T10:00:00Z'));
    const h = await app(clock);
    const c = await person(h, 'fay', 'UTC');
    const id = await channel(c, ntfyTo('fay'), { kinds: ['training'] });
    receiver.answer(401, 401, 401);
    for (const start of [
      '2026-12-03T10:10:00.000Z',
      '2026-12-03T12:10:00.000Z',
      '2026-12-03T14:10:00.000Z',
      '2026-12-03T16:10:00.000Z',
    ])
      await session(h, 'fay', start);
    for (const t of ['2026-12-03T10:00:00Z', '2026-12-03T12:00:00Z', '2026-12-03T14:00:00Z', '2026-12-03T16:00:00Z']) {
      clock.set(t);
      await h.scheduler.reminders.pass();
    }
    expect(receiver.requests).toHaveLength(3);
    expect((await log(c)).map((d: { status: string; error: string }) => [d.status, d.error])).toEqual([
      ['failed', 'The ntfy server refused the access token.'],
      ['failed', 'The ntfy server refused the access token.'],
      ['failed', 'The ntfy server refused the access token.'],
    ]);
    const broken = (await c.request({ method: 'GET', url: '/api/reminders' })).json().channels[0];
    expect(broken).toMatchObject({
      id,
      broken_at: '2026-12-03T14:00:00.000Z',
      last_error: 'The ntfy server refused the access token.',
    });

    // Saved again (a new token): used again.
    const put = await c.request({
      method: 'PUT',
      url: `/api/reminders/channels/${id}`,
      payload: {
        label: 'Mine',
        enabled: true,
        detail: 'titles',
        kinds: ['training'],
        config: { ...ntfyTo('fay'), token: 'new' },
      },
    });
    expect(put.json().channel.broken_at).toBeNull();
    clock.set('2026-12-03T16:01:00Z');
    await h.scheduler.reminders.pass();
    expect(receiver.requests).toHaveLength(4);
    expect(receiver.requests.at(-1)?.headers.authorization).toBe('Bearer new');
  });
});

describe('e-mail through a mail server that wants a login', () => {
  it('goes through with the administrator’s login and says so in plain words when it is refused', async () => {
    const guarded = await startSmtp({ login: { user: 'daymark', pass: 'mail-password' } });
    try {
      for (const [password, expected] of [
        ['mail-password', { ok: true, message: 'Test sent.' }],
        ['wrong', { ok: false, message: 'The SMTP server refused the login.' }],
      ] as const) {
        const h = pool.track(
          await createHarness({
            env: {
              SMTP_HOST: '127.0.0.1',
              SMTP_PORT: String(guarded.port),
              SMTP_SECURITY: 'none',
              SMTP_USER: 'daymark',
              SMTP_PASSWORD: password,
            },
          }),
        );
        const c = await createUserAndSignIn(h, 'jo');
        const id = await channel(c, { kind: 'email', address: 'jo@example.org' });
        expect((await c.request({ method: 'POST', url: `/api/reminders/channels/${id}/test` })).json()).toEqual(
          expected,
        );
        await pool.closeAll();
      }
      expect(guarded.mails.map((m) => m.subject)).toEqual(['Daymark test reminder']);
      expect(guarded.mails[0]?.text).toContain('Reminders through “Mine” reach you.');
    } finally {
      await guarded.close();
    }
  });
});

describe('e-mail over TLS', () => {
  it('upgrades with STARTTLS or speaks TLS from the start, trusting the CA the administrator names, and refuses an untrusted one', async () => {
    const pems = await generate([{ name: 'commonName', value: 'mail.test' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-smtp-ca-'));
    const caFile = path.join(dir, 'ca.pem');
    fs.writeFileSync(caFile, pems.cert);
    const tls = { key: pems.private, cert: pems.cert };
    const servers = { starttls: await startSmtp({ tls }), tls: await startSmtp({ tls, secure: true }) };
    try {
      for (const [security, server] of Object.entries(servers)) {
        for (const trusted of [true, false]) {
          const h = pool.track(
            await createHarness({
              env: {
                SMTP_HOST: '127.0.0.1',
                SMTP_PORT: String(server.port),
                SMTP_SECURITY: security,
                ...(trusted ? { SMTP_CA_FILE: caFile } : {}),
              },
            }),
          );
          const c = await createUserAndSignIn(h, 'lea');
          const id = await channel(c, { kind: 'email', address: 'lea@example.org' });
          const result = (await c.request({ method: 'POST', url: `/api/reminders/channels/${id}/test` })).json();
          expect(result, `${security}, CA ${trusted ? 'named' : 'not named'}`).toEqual(
            trusted
              ? { ok: true, message: 'Test sent.' }
              : {
                  ok: false,
                  message: 'The SMTP server’s certificate could not be verified, or it offered no encryption.',
                },
          );
          await pool.closeAll();
        }
        expect(server.mails).toHaveLength(1);
        expect(server.encrypted).toEqual([true]);
      }
    } finally {
      await Promise.all(Object.values(servers).map((s) => s.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to send in clear when STARTTLS is required and the server does not offer it', async () => {
    const h = pool.track(
      await createHarness({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURITY: 'starttls' } }),
    );
    const c = await createUserAndSignIn(h, 'max');
    const id = await channel(c, { kind: 'email', address: 'max@example.org' });
    expect((await c.request({ method: 'POST', url: `/api/reminders/channels/${id}/test` })).json().ok).toBe(false);
    expect(smtp.mails).toHaveLength(0);
  });
});

describe('Web Push', () => {
  it('reaches each subscribed browser encrypted for it alone, and forgets a browser the push service says is gone', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T21:00:00Z'));
    const h = await app(clock);
    const c = await person(h, 'gail', 'UTC');
    const phone = pushDevice(`${receiver.url}/push/phone`);
    const laptop = pushDevice(`${receiver.url}/push/laptop`);
    for (const d of [phone, laptop]) {
      const res = await c.request({
        method: 'POST',
        url: '/api/reminders/push-subscriptions',
        payload: { ...d.subscription, app_url: APP },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { channels } = (await c.request({ method: 'GET', url: '/api/reminders' })).json();
    expect(channels).toEqual([expect.objectContaining({ kind: 'webpush', devices: 2, kinds: ALL })]);
    const publicKey = (await c.request({ method: 'GET', url: '/api/reminders' })).json().push_public_key as string;

    receiver.answer(201, 410);
    await h.scheduler.reminders.pass();
    const [toPhone, toLaptop] = receiver.requests;
    expect(toPhone?.url).toBe('/push/phone');
    expect(toPhone?.headers['content-encoding']).toBe('aes128gcm');
    expect(toPhone?.headers.authorization).toContain(`k=${publicKey}`);
    expect(phone.decrypt(toPhone?.body as Buffer)).toEqual({
      title: 'Your evening journal is still empty',
      body: 'A few lines before the day ends.',
      url: `${APP}/notes/daily/2026-12-03`,
      tag: expect.stringMatching(/^daymark-journal-\d+$/),
    });
    // Encrypted for the phone: the laptop's keys do not open it.
    expect(() => laptop.decrypt(toPhone?.body as Buffer)).toThrow();
    expect(toLaptop?.url).toBe('/push/laptop');
    expect(await log(c)).toEqual([expect.objectContaining({ status: 'sent', channel_kind: 'webpush' })]);
    const left = await h.ctx.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(left.map((r) => r.endpoint)).toEqual([phone.subscription.endpoint]);
  });
});

describe('the morning briefing', () => {
  it('is announced with a short summary when the scheduled job has prepared it', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T07:30:00Z'));
    const h = await app(clock);
    const c = await person(h, 'hana', 'UTC');
    await channel(c, ntfyTo('hana'), { detail: 'details', kinds: ['briefing'] });
    const job = await insertTestJob(h.ctx.db, await userIdOf(h, 'hana'), {
      job_type: 'assistant_briefing',
      schedule: '30 7 * * *',
      next_run: '2026-12-03T07:30:00.000Z',
    });
    expect(job.id).toBeGreaterThan(0);
    await h.scheduler.tick();
    await h.scheduler.idle();
    await h.scheduler.reminders.pass();
    await h.scheduler.reminders.pass();
    const sent = topicsSent();
    expect(sent).toEqual([
      expect.objectContaining({ title: 'Your morning briefing is ready', click: `${APP}/assistant` }),
    ]);
    expect(sent[0]?.message.length).toBeGreaterThan(20);
    expect(sent[0]?.message.length).toBeLessThanOrEqual(242);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('three app instances on one PostgreSQL database', () => {
  it('send each reminder once, however their passes meet', async () => {
    const clock = new FakeClock(Date.parse('2026-12-03T21:00:00Z'));
    const first = await app(clock);
    const others = [await app(clock, first), await app(clock, first)];
    const c = await person(first, 'ida', 'UTC');
    await channel(c, ntfyTo('ida'));
    await session(first, 'ida', '2026-12-03T21:10:00.000Z');
    const all = [first, ...others];
    for (let i = 0; i < 3; i++)
      await Promise.all(all.flatMap((h) => [h.scheduler.reminders.pass(), h.scheduler.reminders.pass()]));
    expect(
      topicsSent()
        .map((m) => m.title)
        .sort(),
    ).toEqual(['Training session at 21:10', 'Your evening journal is still empty']);
    expect((await log(c)).every((d: { status: string }) => d.status === 'sent')).toBe(true);
  });
});
