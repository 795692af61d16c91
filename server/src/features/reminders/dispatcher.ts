import { randomUUID } from 'node:crypto';
import {
  DEFAULT_REMINDER_SETTINGS,
  type DetailLevel,
  REMINDER_LIMITS,
  type ReminderKind,
  type ReminderSettingsValue,
} from '#common/api/reminders.js';
import { addDays, minutesInZone, todayIn } from '#common/time.js';
import { clockMinutes, localInstant } from '#common/trainingWeek.js';
import type { AppContext } from '../../context.js';
import { secretBox } from '../../secrets.js';
import { type CalendarFetch, calendarFetch } from '../calendar/providers/outboundGuard.js';
import { dueItems, inQuietHours, stillDue } from './due.js';
import { type DueItem, linkOf, type ReminderPayload } from './messages.js';
import * as repo from './repo.js';
import { type ChannelTarget, type SendDeps, SendError, sendThrough } from './senders.js';
import { vapidKeys } from './vapid.js';

/** Minutes before each further attempt of a reminder that failed for a passing reason. */
export const RETRY_MINUTES = [1, 5, 15, 60] as const;
/** How long an instance holds a delivery it is sending. */
const LEASE_MS = 2 * 60_000;

export interface DispatcherOptions {
  now: () => Date;
  /** The fetch for user-given addresses (tests may pass their own guarded one). */
  fetch?: CalendarFetch;
  log?: { warn(obj: object, msg: string): void };
}

const settingsOf = (row: Awaited<ReturnType<typeof repo.findSettings>>): ReminderSettingsValue =>
  row
    ? {
        training_lead_minutes: row.training_lead_minutes,
        journal_time: row.journal_time,
        weekly_time: row.weekly_time,
        quiet_start: row.quiet_start,
        quiet_end: row.quiet_end,
      }
    : DEFAULT_REMINDER_SETTINGS;

export async function userSettings(ctx: AppContext, userId: number): Promise<ReminderSettingsValue> {
  return settingsOf(await repo.findSettings(ctx.db, userId));
}

const kindsOf = (c: repo.ChannelRow) => JSON.parse(c.kinds) as ReminderKind[];

/** The instant quiet hours end after `now` (they are on at `now`). */
function quietEnd(s: ReminderSettingsValue, zone: string, now: Date): Date {
  const end = clockMinutes(s.quiet_end ?? '00:00') ?? 0;
  const today = todayIn(zone, now);
  const date = minutesInZone(now, zone) < end ? today : addDays(today, 1);
  return new Date(localInstant(date, end, zone));
}

/**
 * Finds what is due and sends it. Each pass creates the deliveries that came due (at most one per
 * channel and thing, by the table's unique key), then sends those waiting, each taken with a
 * conditional UPDATE: several instances on one database, each passing every few seconds, send
 * every reminder exactly once. Run by the scheduler's loop (jobs/scheduler.ts).
 */
export class ReminderDispatcher {
  constructor(
    private readonly ctx: AppContext,
    private readonly opts: DispatcherOptions,
  ) {}

  async pass(): Promise<void> {
    await this.plan();
    await this.deliver();
  }

  /** Creates the deliveries that came due for every user with a working channel. */
  async plan(): Promise<number> {
    const now = this.opts.now();
    const rows = await this.ctx.db
      .selectFrom('reminder_channels as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select('u.timezone')
      .where('c.enabled', '=', 1)
      .where('c.broken_at', 'is', null)
      .orderBy('c.user_id')
      .execute();
    const byUser = new Map<number, typeof rows>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    let created = 0;
    for (const [userId, channels] of byUser) {
      try {
        const zone = channels[0]?.timezone ?? 'UTC';
        const settings = await userSettings(this.ctx, userId);
        if (inQuietHours(settings, minutesInZone(now, zone))) continue;
        const kinds = new Set(channels.flatMap(kindsOf));
        const items = await dueItems(this.ctx.db, { id: userId, zone }, settings, kinds, now);
        created += await this.create(userId, channels, items, now);
      } catch (err) {
        this.opts.log?.warn({ err, user: userId }, 'reminders could not be planned');
      }
    }
    return created;
  }

  /** Creates one delivery per channel carrying the item's kind; returns how many were new. */
  async create(userId: number, channels: repo.ChannelRow[], items: DueItem[], now: Date): Promise<number> {
    let created = 0;
    const nowIso = now.toISOString();
    for (const item of items) {
      for (const c of channels) {
        if (!kindsOf(c).includes(item.kind)) continue;
        const inserted = await repo.insertDelivery(this.ctx.db, {
          user_id: userId,
          channel_id: c.id,
          kind: item.kind,
          item_key: item.key,
          title: item.payload[c.detail as DetailLevel].title,
          payload: JSON.stringify(item.payload),
          status: 'pending',
          next_attempt_at: nowIso,
          due_at: nowIso,
        });
        if (inserted) created++;
      }
    }
    return created;
  }

  /** Something that happened rather than a time that came (the briefing was prepared): due now. */
  async notify(userId: number, item: DueItem): Promise<number> {
    const channels = (await repo.listChannels(this.ctx.db, userId)).filter((c) => c.enabled && !c.broken_at);
    return this.create(userId, channels, [item], this.opts.now());
  }

  /** Sends the deliveries waiting, each taken by one instance only. */
  async deliver(limit = 50): Promise<number> {
    const now = this.opts.now();
    const nowIso = now.toISOString();
    const waiting = await repo.claimableDeliveries(this.ctx.db, nowIso, limit);
    let sent = 0;
    for (const { id } of waiting) {
      const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
      if (!(await repo.claimDelivery(this.ctx.db, id, nowIso, leaseUntil))) continue;
      try {
        if (await this.deliverOne(id, now)) sent++;
      } catch (err) {
        this.opts.log?.warn({ err, delivery: id }, 'a reminder could not be sent');
      }
    }
    return sent;
  }

  private async deliverOne(id: number, now: Date): Promise<boolean> {
    const db = this.ctx.db;
    const d = await repo.deliveryById(db, id);
    if (!d) return false;
    const channel = await repo.findChannel(db, d.user_id, d.channel_id);
    if (!channel) return false;
    const keep = { attempts: d.attempts, next_attempt_at: null };
    if (!channel.enabled || channel.broken_at) {
      await repo.finishDelivery(db, id, {
        ...keep,
        status: 'dropped',
        error: channel.broken_at
          ? 'Not sent: the channel had stopped after failures.'
          : 'Not sent: the channel is off.',
      });
      return false;
    }
    const user = await db.selectFrom('users').select('timezone').where('id', '=', d.user_id).executeTakeFirst();
    const zone = user?.timezone ?? 'UTC';
    if (d.kind !== 'test') {
      const settings = await userSettings(this.ctx, d.user_id);
      if (inQuietHours(settings, minutesInZone(now, zone))) {
        await repo.finishDelivery(db, id, {
          ...keep,
          status: d.status,
          error: d.error,
          next_attempt_at: quietEnd(settings, zone, now).toISOString(),
        });
        return false;
      }
      if (!(await stillDue(db, d, zone, now))) {
        await repo.finishDelivery(db, id, { ...keep, status: 'dropped', error: null });
        return false;
      }
    }
    const payload = JSON.parse(d.payload) as ReminderPayload;
    const result = await sendWith(this.ctx, channel, payload, { id: String(d.id), kind: d.kind, now }, this.opts.fetch);
    const attempts = d.attempts + 1;
    if (result.ok) {
      await repo.finishDelivery(db, id, {
        status: 'sent',
        attempts,
        error: null,
        next_attempt_at: null,
        sent_at: now.toISOString(),
      });
      return true;
    }
    const again = !result.permanent && attempts < REMINDER_LIMITS.attemptsMax;
    const wait = RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1] ?? 60;
    await repo.finishDelivery(db, id, {
      status: again ? 'retrying' : 'failed',
      attempts,
      error: result.message,
      next_attempt_at: again ? new Date(now.getTime() + wait * 60_000).toISOString() : null,
    });
    return false;
  }
}

export type SendResult = { ok: true } | { ok: false; permanent: boolean; message: string };

/** What a channel row sends to: its settings with its secret opened and, for Web Push, its devices. */
async function targetOf(ctx: AppContext, c: repo.ChannelRow): Promise<ChannelTarget> {
  const config = JSON.parse(c.config) as Record<string, string>;
  const secret = c.secret ? secretBox(ctx.config).open<string>(c.secret) : null;
  switch (c.kind) {
    case 'email':
      return { kind: 'email', address: config.address ?? '' };
    case 'ntfy':
      return { kind: 'ntfy', server: config.server ?? '', topic: config.topic ?? '', token: secret };
    case 'gotify':
      return { kind: 'gotify', server: config.server ?? '', token: secret };
    case 'webhook':
      return { kind: 'webhook', url: config.url ?? '', secret };
    default: {
      const devices = await repo.devicesOf(ctx.db, c.id);
      return {
        kind: 'webpush',
        devices: devices.map((d) => ({ id: d.id, endpoint: d.endpoint, keys: JSON.parse(d.keys) })),
      };
    }
  }
}

/**
 * Sends one message through a channel and records the channel's health: a success clears its
 * failures; each failure counts, and REMINDER_LIMITS.brokenAfter in a row mark it broken (a
 * notice in the app; it is not used until saved again or a test goes through). Web Push devices
 * the push service says are gone are removed.
 */
export async function sendWith(
  ctx: AppContext,
  channel: repo.ChannelRow,
  payload: ReminderPayload,
  m: { id: string; kind: string; now: Date; test?: boolean },
  fetch?: CalendarFetch,
): Promise<SendResult> {
  const message = payload[channel.detail as DetailLevel] ?? payload.titles;
  const box = secretBox(ctx.config);
  const nowIso = m.now.toISOString();
  try {
    const target = await targetOf(ctx, channel);
    const deps: SendDeps = {
      fetch: fetch ?? calendarFetch(ctx.config),
      smtp: ctx.config.smtp,
      vapid: async () => ({ ...(await vapidKeys(ctx.db, box)), subject: ctx.config.vapidSubject }),
    };
    const report = await sendThrough(
      target,
      {
        kind: m.kind,
        id: m.id,
        title: message.title,
        body: message.body,
        url: linkOf(ctx.config.publicUrl ?? channel.app_url, message.path),
        sentAt: nowIso,
      },
      deps,
    );
    await repo.removeDevices(ctx.db, report.goneDevices);
    await ctx.db
      .updateTable('reminder_channels')
      .set({ failures: 0, broken_at: null, last_error: null })
      .where('id', '=', channel.id)
      .execute();
    return { ok: true };
  } catch (err) {
    const e = err instanceof SendError ? err : new SendError('The reminder could not be sent.', false);
    if (!m.test) {
      const row = await ctx.db
        .updateTable('reminder_channels')
        .set((eb) => ({ failures: eb('failures', '+', 1), last_error: e.message }))
        .where('id', '=', channel.id)
        .returning('failures')
        .executeTakeFirst();
      if (row && row.failures >= REMINDER_LIMITS.brokenAfter) {
        await ctx.db
          .updateTable('reminder_channels')
          .set({ broken_at: nowIso })
          .where('id', '=', channel.id)
          .where('broken_at', 'is', null)
          .execute();
      }
    } else {
      await ctx.db
        .updateTable('reminder_channels')
        .set({ last_error: e.message })
        .where('id', '=', channel.id)
        .execute();
    }
    return { ok: false, permanent: e.permanent, message: e.message };
  }
}

export const newTestKey = () => `test:${randomUUID()}`;
