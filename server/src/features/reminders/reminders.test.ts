import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS, REMINDER_TEXTS } from '#common/api/reminders.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { type Receiver, startReceiver } from '../../test/reminderServers.js';
import { SIGNATURE_HEADER, signBody } from './senders.js';

let h: Harness | undefined;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  receiver.requests.length = 0;
});

const TOKEN = 'tk_ntfy-access-token-91ab3e';
const ALL = ['training', 'briefing', 'journal', 'weekly', 'calendar'];

const ntfy = (server: string, token?: string) => ({
  label: 'Phone',
  enabled: true,
  detail: 'titles',
  kinds: ALL,
  config: { kind: 'ntfy', server, topic: 'daymark-alice', ...(token === undefined ? {} : { token }) },
  app_url: 'http://daymark.example:3000/dashboard',
});

async function user(env: Record<string, string> = LOCAL_CALENDARS): Promise<Client> {
  h = await createHarness({ env });
  return createUserAndSignIn(h, 'alice');
}

describe('reminder settings', () => {
  it('start at the defaults, save in the user’s words, and refuse what is not a time', async () => {
    const c = await user();
    const first = await c.request({ method: 'GET', url: '/api/reminders' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ settings: DEFAULT_REMINDER_SETTINGS, channels: [], email_available: false });
    expect(first.json().push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);

    const saved = {
      training_lead_minutes: 30,
      journal_time: '20:30',
      weekly_time: '17:00',
      quiet_start: null,
      quiet_end: null,
    };
    const put = await c.request({ method: 'PUT', url: '/api/reminders/settings', payload: saved });
    expect(put.statusCode, put.body).toBe(200);
    expect((await c.request({ method: 'GET', url: '/api/reminders' })).json().settings).toEqual(saved);

    for (const bad of [
      { ...saved, journal_time: '25:00' },
      { ...saved, weekly_time: '9999-99-99' },
      { ...saved, quiet_start: '22:00' },
      { ...saved, training_lead_minutes: 100000 },
      { ...saved, training_lead_minutes: 'x'.repeat(100_000) },
    ]) {
      const res = await c.request({ method: 'PUT', url: '/api/reminders/settings', payload: bad });
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await c.request({ method: 'GET', url: '/api/reminders' })).json().settings).toEqual(saved);
  });
});

describe('reminder channels', () => {
  it('keep the token sealed: never returned, kept when left empty, replaced when typed', async () => {
    const c = await user();
    const res = await c.request({ method: 'POST', url: '/api/reminders/channels', payload: ntfy(receiver.url, TOKEN) });
    expect(res.statusCode, res.body).toBe(201);
    const channel = res.json().channel;
    expect(channel).toMatchObject({ kind: 'ntfy', has_secret: true, target: `${receiver.url}/daymark-alice` });
    const list = await c.request({ method: 'GET', url: '/api/reminders' });
    expect(list.body).not.toContain(TOKEN);
    const row = await h?.ctx.db.selectFrom('reminder_channels').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(row?.app_url).toBe('http://daymark.example:3000');

    // Saved without a token: the saved one is used.
    const kept = await c.request({
      method: 'PUT',
      url: `/api/reminders/channels/${channel.id}`,
      payload: ntfy(receiver.url, ''),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().channel.has_secret).toBe(true);
    const test = await c.request({ method: 'POST', url: `/api/reminders/channels/${channel.id}/test` });
    expect(test.json()).toEqual({ ok: true, message: REMINDER_TEXTS.testSent });
    const sent = receiver.requests.at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(String(sent?.body))).toMatchObject({
      topic: 'daymark-alice',
      title: 'Daymark test reminder',
      click: 'http://daymark.example:3000/dashboard/reminders',
    });

    await c.request({
      method: 'PUT',
      url: `/api/reminders/channels/${channel.id}`,
      payload: ntfy(receiver.url, 'tk_new'),
    });
    await c.request({ method: 'POST', url: `/api/reminders/channels/${channel.id}/test` });
    expect(receiver.requests.at(-1)?.headers.authorization).toBe('Bearer tk_new');

    const log = await c.request({ method: 'GET', url: '/api/reminders/deliveries' });
    expect(log.json().deliveries).toEqual([
      expect.objectContaining({ kind: 'test', status: 'sent', channel_label: 'Phone', attempts: 1 }),
      expect.objectContaining({ kind: 'test', status: 'sent' }),
    ]);
  });

  it('sign a webhook with HMAC-SHA256 of the exact body and send Gotify its token', async () => {
    const c = await user();
    const hook = await c.request({
      method: 'POST',
      url: '/api/reminders/channels',
      payload: {
        ...ntfy(''),
        label: 'Chat',
        config: { kind: 'webhook', url: `${receiver.url}/hook`, secret: 's3cret' },
      },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    expect(
      (await c.request({ method: 'POST', url: `/api/reminders/channels/${hook.json().channel.id}/test` })).json().ok,
    ).toBe(true);
    const req = receiver.requests.at(-1);
    expect(req?.url).toBe('/hook');
    expect(req?.headers[SIGNATURE_HEADER]).toBe(signBody('s3cret', req?.body.toString('utf8') ?? ''));
    expect(req?.headers[SIGNATURE_HEADER]).not.toBe(signBody('another', req?.body.toString('utf8') ?? ''));
    expect(JSON.parse(String(req?.body))).toMatchObject({
      event: 'reminder',
      kind: 'test',
      title: 'Daymark test reminder',
    });

    const gotify = await c.request({
      method: 'POST',
      url: '/api/reminders/channels',
      payload: {
        ...ntfy(''),
        label: 'Gotify',
        detail: 'details',
        config: { kind: 'gotify', server: `${receiver.url}/g/`, token: 'AppTok' },
      },
    });
    expect(gotify.statusCode, gotify.body).toBe(201);
    await c.request({ method: 'POST', url: `/api/reminders/channels/${gotify.json().channel.id}/test` });
    const g = receiver.requests.at(-1);
    expect(g?.url).toBe('/g/message');
    expect(g?.headers['x-gotify-key']).toBe('AppTok');
    expect(JSON.parse(String(g?.body))).toMatchObject({ title: 'Daymark test reminder', priority: 5 });
  });

  it('say in plain words why a test did not go through', async () => {
    const c = await user();
    const id = (
      await c.request({ method: 'POST', url: '/api/reminders/channels', payload: ntfy(receiver.url, TOKEN) })
    ).json().channel.id;
    receiver.answer(401);
    expect((await c.request({ method: 'POST', url: `/api/reminders/channels/${id}/test` })).json()).toEqual({
      ok: false,
      message: 'The ntfy server refused the access token.',
    });
    receiver.answer(503);
    expect((await c.request({ method: 'POST', url: `/api/reminders/channels/${id}/test` })).json().message).toBe(
      'The ntfy server answered 503; it will be tried again.',
    );
    // A server that is not there.
    await c.request({ method: 'PUT', url: `/api/reminders/channels/${id}`, payload: ntfy('http://127.0.0.1:9', '') });
    expect((await c.request({ method: 'POST', url: `/api/reminders/channels/${id}/test` })).json()).toEqual({
      ok: false,
      message: 'The ntfy server could not be reached.',
    });
    // Tests never mark a channel broken.
    const channel = (await c.request({ method: 'GET', url: '/api/reminders' })).json().channels[0];
    expect(channel).toMatchObject({ broken_at: null, last_error: 'The ntfy server could not be reached.' });
  });

  it('refuse addresses inside the server’s network unless the administrator allows them, and e-mail without a mail server', async () => {
    const c = await user({});
    for (const server of [
      'http://127.0.0.1:8080',
      'http://localhost/',
      'http://[::1]/',
      'http://sub.localhost:8080/',
    ]) {
      const res = await c.request({ method: 'POST', url: '/api/reminders/channels', payload: ntfy(server) });
      expect(res.statusCode, server).toBe(400);
      expect(res.json().error).toBe(REMINDER_TEXTS.privateAddress);
    }
    const email = await c.request({
      method: 'POST',
      url: '/api/reminders/channels',
      payload: { ...ntfy(''), config: { kind: 'email', address: 'alice@example.org' } },
    });
    expect(email.json()).toEqual({ error: REMINDER_TEXTS.emailUnavailable });
    for (const payload of [
      { ...ntfy(''), config: { kind: 'ntfy', server: 'ftp://x.example', topic: 't' } },
      { ...ntfy(''), config: { kind: 'ntfy', server: 'https://ntfy.sh', topic: 'a/b' } },
      { ...ntfy(''), kinds: ['training', 'training'] },
      { ...ntfy(''), label: 'x'.repeat(10_000) },
      { ...ntfy(''), config: { kind: 'webpush' } },
    ]) {
      const res = await c.request({ method: 'POST', url: '/api/reminders/channels', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
    }
    expect((await c.request({ method: 'GET', url: '/api/reminders' })).json().channels).toEqual([]);
  });

  it('are reached only by their owner', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const harness = h;
    await expectOnlyOwnerCanReach(harness, {
      create: async (owner) =>
        (
          await owner.request({ method: 'POST', url: '/api/reminders/channels', payload: ntfy(receiver.url, TOKEN) })
        ).json().channel.id as number,
      requests: (id) => [
        { method: 'PUT', url: `/api/reminders/channels/${id}`, payload: ntfy(receiver.url, 'stolen') },
        { method: 'POST', url: `/api/reminders/channels/${id}/test` },
        { method: 'DELETE', url: `/api/reminders/channels/${id}` },
      ],
      stillThere: async (owner, id) => {
        const got = (await owner.request({ method: 'GET', url: '/api/reminders' })).json();
        expect(got.channels).toEqual([expect.objectContaining({ id, label: 'Phone' })]);
        expect(receiver.requests).toHaveLength(0);
        const log = await owner.request({ method: 'GET', url: '/api/reminders/deliveries' });
        expect(log.json().deliveries).toEqual([]);
      },
    });
  });

  it('are deleted with their log', async () => {
    const c = await user();
    const id = (await c.request({ method: 'POST', url: '/api/reminders/channels', payload: ntfy(receiver.url) })).json()
      .channel.id;
    await c.request({ method: 'POST', url: `/api/reminders/channels/${id}/test` });
    expect((await c.request({ method: 'DELETE', url: `/api/reminders/channels/${id}` })).statusCode).toBe(204);
    expect((await c.request({ method: 'GET', url: '/api/reminders/deliveries' })).json().deliveries).toEqual([]);
    expect((await c.request({ method: 'DELETE', url: `/api/reminders/channels/${id}` })).statusCode).toBe(404);
  });
});
