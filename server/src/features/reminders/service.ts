import net from 'node:net';
import {
  type Channel,
  type ChannelInput,
  type ChannelKind,
  type DeliveriesResponse,
  type Delivery,
  type PushSubscriptionInput,
  REMINDER_LIMITS,
  REMINDER_TEXTS,
  type ReminderSettingsValue,
  type RemindersResponse,
  type TestResult,
} from '#common/api/reminders.js';
import { withoutTrailingSlashes } from '#common/text.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { secretBox } from '../../secrets.js';
import { userTimeZone } from '../../time/userZone.js';
import { isPublicAddress } from '../calendar/providers/outboundGuard.js';
import { newTestKey, sendWith, userSettings } from './dispatcher.js';
import { testMessage } from './messages.js';
import * as repo from './repo.js';
import { vapidKeys } from './vapid.js';

/** The reminders screen's calls: settings, channels (secrets sealed, never returned), a test, the log. */

const nowIso = () => new Date().toISOString();

function present(c: repo.ChannelRow, devices: number): Channel {
  return {
    id: c.id,
    kind: c.kind as ChannelKind,
    label: c.label,
    enabled: c.enabled === 1,
    detail: c.detail as Channel['detail'],
    kinds: JSON.parse(c.kinds),
    target: c.target,
    has_secret: c.secret !== null,
    devices,
    broken_at: c.broken_at,
    last_error: c.last_error,
    created_at: c.created_at,
  };
}

export async function getReminders(ctx: AppContext, userId: number): Promise<RemindersResponse> {
  const [settings, channels, devices, timezone, keys] = await Promise.all([
    userSettings(ctx, userId),
    repo.listChannels(ctx.db, userId),
    repo.deviceCounts(ctx.db, userId),
    userTimeZone(ctx.db, userId),
    vapidKeys(ctx.db, secretBox(ctx.config)),
  ]);
  return {
    settings,
    channels: channels.map((c) => present(c, devices.get(c.id) ?? 0)),
    email_available: ctx.config.smtp !== null,
    push_public_key: keys.publicKey,
    timezone,
  };
}

export async function saveSettings(ctx: AppContext, userId: number, s: ReminderSettingsValue) {
  await repo.saveSettings(ctx.db, userId, s, nowIso());
  return { settings: await userSettings(ctx, userId) };
}

/**
 * An address typed by the user: its host, when written as an IP address (or localhost), must be
 * public unless the administrator allows the server's own network; names are checked when each
 * request connects (outboundGuard.ts), where their answer is what is used.
 */
function checkAddress(ctx: AppContext, url: string) {
  if (ctx.config.calendarAllowPrivateHosts) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (local || (net.isIP(host) && !isPublicAddress(host))) throw new HttpError(400, REMINDER_TEXTS.privateAddress);
}

/** The channel's columns from the input: settings without secrets, the sealed secret, what the list shows. */
function columnsOf(ctx: AppContext, input: ChannelInput, saved?: repo.ChannelRow) {
  const c = input.config;
  let config: Record<string, string> = {};
  let target = '';
  let secret: string | undefined;
  switch (c.kind) {
    case 'email':
      if (!ctx.config.smtp) throw new HttpError(400, REMINDER_TEXTS.emailUnavailable);
      config = { address: c.address };
      target = c.address;
      break;
    case 'ntfy':
      checkAddress(ctx, c.server);
      config = { server: c.server, topic: c.topic };
      target = `${withoutTrailingSlashes(c.server)}/${c.topic}`;
      secret = c.token;
      break;
    case 'gotify':
      checkAddress(ctx, c.server);
      config = { server: c.server };
      target = c.server;
      secret = c.token;
      break;
    case 'webhook':
      checkAddress(ctx, c.url);
      config = { url: c.url };
      target = c.url;
      secret = c.secret;
      break;
    case 'webpush':
      target = 'Devices with notifications turned on';
      break;
  }
  const sameKind = saved?.kind === c.kind;
  // An empty secret on an update keeps the saved one (the screen never receives it).
  const sealed = secret ? secretBox(ctx.config).seal(secret) : sameKind ? (saved?.secret ?? null) : null;
  return {
    kind: c.kind,
    label: input.label,
    enabled: input.enabled ? 1 : 0,
    detail: input.detail,
    kinds: JSON.stringify(input.kinds),
    target,
    config: JSON.stringify(config),
    secret: sealed,
    ...(input.app_url && URL.canParse(input.app_url) ? { app_url: new URL(input.app_url).origin } : {}),
  };
}

async function presentOne(ctx: AppContext, userId: number, row: repo.ChannelRow) {
  const devices = await repo.deviceCounts(ctx.db, userId);
  return { channel: present(row, devices.get(row.id) ?? 0) };
}

export async function createChannel(ctx: AppContext, userId: number, input: ChannelInput) {
  if (input.config.kind === 'webpush') throw new HttpError(400, 'Turn on notifications on a device to add them.');
  const columns = columnsOf(ctx, input);
  if ((await repo.countChannels(ctx.db, userId)) >= REMINDER_LIMITS.channelsMax)
    throw new HttpError(409, REMINDER_TEXTS.tooManyChannels);
  const now = nowIso();
  const row = await ctx.db
    .insertInto('reminder_channels')
    .values({ ...columns, user_id: userId, failures: 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentOne(ctx, userId, row);
}

async function ownChannel(ctx: AppContext, userId: number, id: number) {
  const row = await repo.findChannel(ctx.db, userId, id);
  if (!row) throw new HttpError(404, REMINDER_TEXTS.channelNotFound);
  return row;
}

/** Saves a channel; saving clears a broken mark (the user fixed it, or wants it tried again). */
export async function updateChannel(ctx: AppContext, userId: number, id: number, input: ChannelInput) {
  const saved = await ownChannel(ctx, userId, id);
  if ((saved.kind === 'webpush') !== (input.config.kind === 'webpush'))
    throw new HttpError(400, 'A channel of this app’s notifications stays one; add another channel instead.');
  const row = await ctx.db
    .updateTable('reminder_channels')
    .set({ ...columnsOf(ctx, input, saved), failures: 0, broken_at: null, last_error: null, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentOne(ctx, userId, row);
}

export async function deleteChannel(ctx: AppContext, userId: number, id: number) {
  await ownChannel(ctx, userId, id);
  await ctx.db.deleteFrom('reminder_channels').where('user_id', '=', userId).where('id', '=', id).execute();
}

/**
 * Sends a test through the channel now, recorded in the log like any reminder; it does not count
 * towards marking the channel broken, and one that goes through clears the mark.
 */
export async function testChannel(ctx: AppContext, userId: number, id: number, now = new Date()): Promise<TestResult> {
  const channel = await ownChannel(ctx, userId, id);
  const payload = testMessage(channel.label);
  const key = newTestKey();
  const row = await ctx.db
    .insertInto('reminder_deliveries')
    .values({
      user_id: userId,
      channel_id: channel.id,
      kind: 'test',
      item_key: key,
      title: payload.titles.title,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
      // Held by this request: no pass of the dispatcher takes it.
      lease_until: new Date(now.getTime() + 10 * 60_000).toISOString(),
      due_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result = await sendWith(ctx, channel, payload, { id: String(row.id), kind: 'test', now, test: true });
  await repo.finishDelivery(ctx.db, row.id, {
    status: result.ok ? 'sent' : 'failed',
    attempts: 1,
    error: result.ok ? null : result.message,
    next_attempt_at: null,
    sent_at: result.ok ? now.toISOString() : null,
  });
  return result.ok ? { ok: true, message: REMINDER_TEXTS.testSent } : { ok: false, message: result.message };
}

/** Adds a browser to the user's Web Push channel (made on the first device). */
export async function subscribePush(ctx: AppContext, userId: number, input: PushSubscriptionInput) {
  checkAddress(ctx, input.endpoint);
  const now = nowIso();
  let channel = (await repo.listChannels(ctx.db, userId)).find((c) => c.kind === 'webpush');
  if (!channel) {
    if ((await repo.countChannels(ctx.db, userId)) >= REMINDER_LIMITS.channelsMax)
      throw new HttpError(409, REMINDER_TEXTS.tooManyChannels);
    channel = await ctx.db
      .insertInto('reminder_channels')
      .values({
        user_id: userId,
        kind: 'webpush',
        label: 'This app’s notifications',
        enabled: 1,
        detail: 'titles',
        kinds: JSON.stringify(['training', 'briefing', 'journal', 'weekly', 'calendar']),
        target: 'Devices with notifications turned on',
        config: '{}',
        secret: null,
        app_url: input.app_url && URL.canParse(input.app_url) ? new URL(input.app_url).origin : null,
        failures: 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const keys = JSON.stringify({ p256dh: input.keys.p256dh, auth: input.keys.auth });
  // One row per endpoint: a browser subscribing again (or under another account) is moved here.
  await ctx.db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, channel_id: channel.id, endpoint: input.endpoint, keys, created_at: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, channel_id: channel.id, keys }))
    .execute();
  await ctx.db
    .updateTable('reminder_channels')
    .set({ failures: 0, broken_at: null, last_error: null, updated_at: now })
    .where('id', '=', channel.id)
    .execute();
  return presentOne(ctx, userId, { ...channel, failures: 0, broken_at: null, last_error: null });
}

export async function unsubscribePush(ctx: AppContext, userId: number, endpoint: string) {
  await ctx.db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function listDeliveries(ctx: AppContext, userId: number, before?: number): Promise<DeliveriesResponse> {
  const rows = await repo.deliveriesPage(ctx.db, userId, before, REMINDER_LIMITS.deliveriesPage);
  const page = rows.slice(0, REMINDER_LIMITS.deliveriesPage);
  return {
    // kind and status are stored as the contract's words (written only by this feature).
    deliveries: page as Delivery[],
    has_more: rows.length > page.length,
  };
}
