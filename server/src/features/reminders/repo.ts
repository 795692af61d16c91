import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ReminderChannelsTable } from '../../db/schema.js';

/** The reminders' SQL: settings, channels, push devices and deliveries, each scoped to its user. */

export type ChannelRow = Selectable<ReminderChannelsTable>;

export const findSettings = (db: Db, userId: number) =>
  db.selectFrom('reminder_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function saveSettings(
  db: Db,
  userId: number,
  s: {
    training_lead_minutes: number;
    journal_time: string;
    weekly_time: string;
    quiet_start: string | null;
    quiet_end: string | null;
  },
  now: string,
) {
  const values = { ...s, updated_at: now };
  await db
    .insertInto('reminder_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export const listChannels = (db: Db, userId: number) =>
  db.selectFrom('reminder_channels').selectAll().where('user_id', '=', userId).orderBy('id').execute();

export const findChannel = (db: Db, userId: number, id: number) =>
  db.selectFrom('reminder_channels').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export const countChannels = async (db: Db, userId: number) =>
  Number(
    (
      await db
        .selectFrom('reminder_channels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Devices subscribed per channel of a user. */
export async function deviceCounts(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['channel_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
}

export const devicesOf = (db: Db, channelId: number) =>
  db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'keys']).where('channel_id', '=', channelId).execute();

export async function removeDevices(db: Db, ids: number[]) {
  if (ids.length) await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** A delivery with what its sending needs: the channel and its owner's zone. */
export function claimableDeliveries(db: Db, now: string, limit: number) {
  return db
    .selectFrom('reminder_deliveries')
    .select('id')
    .where('status', 'in', ['pending', 'retrying'])
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a delivery for this instance until `leaseUntil`: one conditional UPDATE, so of several
 * instances (or two passes of one) exactly one sends it.
 */
export async function claimDelivery(db: Db, id: number, now: string, leaseUntil: string): Promise<boolean> {
  const res = await db
    .updateTable('reminder_deliveries')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'retrying'])
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const deliveryById = (db: Db, id: number) =>
  db.selectFrom('reminder_deliveries').selectAll().where('id', '=', id).executeTakeFirst();

export async function finishDelivery(
  db: Db,
  id: number,
  set: {
    status: string;
    attempts: number;
    error: string | null;
    next_attempt_at: string | null;
    sent_at?: string | null;
  },
) {
  await db
    .updateTable('reminder_deliveries')
    .set({ ...set, lease_until: null })
    .where('id', '=', id)
    .execute();
}

/** Creates a delivery unless this channel already has one for the item; true when created. */
export async function insertDelivery(
  db: Db,
  row: {
    user_id: number;
    channel_id: number;
    kind: string;
    item_key: string;
    title: string;
    payload: string;
    status: string;
    next_attempt_at: string | null;
    due_at: string;
  },
): Promise<boolean> {
  const res = await db
    .insertInto('reminder_deliveries')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) => oc.columns(['channel_id', 'item_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

export function deliveriesPage(db: Db, userId: number, before: number | undefined, limit: number) {
  return db
    .selectFrom('reminder_deliveries as d')
    .innerJoin('reminder_channels as c', 'c.id', 'd.channel_id')
    .select([
      'd.id',
      'c.label as channel_label',
      'c.kind as channel_kind',
      'd.kind',
      'd.title',
      'd.status',
      'd.attempts',
      'd.error',
      'd.due_at',
      'd.sent_at',
    ])
    .where('d.user_id', '=', userId)
    .$if(before !== undefined, (q) => q.where('d.id', '<', before as number))
    .orderBy('d.id', 'desc')
    .limit(limit + 1)
    .execute();
}
