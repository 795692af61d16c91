import type { WorkoutPlan } from '#common/api/workout.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { secretBox } from '../../secrets.js';
import { expiredError, isUsable } from './expiry.js';
import { itemName } from './ownEvents.js';
import { calendarPublicId } from './present.js';
import { providerOf } from './providers/providers.js';
import {
  CalendarAuthExpired,
  CalendarError,
  type OwnKind,
  type WriteEvent,
  type WrittenRef,
} from './providers/types.js';
import * as repo from './repo.js';
import { asHttpError, writeTargetOf } from './service.js';
import * as settingsRepo from './settingsRepo.js';
import { providerContext, refreshConnection } from './sync.js';
import { inTurn, leased } from './writeTurn.js';
import * as writtenRepo from './writtenRepo.js';

/**
 * Events Daymark writes to the user's calendar (the workout of a day and the journal day with
 * sync_journal, all-day and free; a training session, timed and busy), one per kind and item,
 * each written exactly once however many writes of it arrive together, from however many app
 * instances:
 * - the item's row (unique on user, kind and item key) is taken before the remote call, with the
 *   id its event is to have, and held by one writer at a time (writeTurn.ts: a queue per item
 *   within an instance, a lease in the row across instances);
 * - that id is the item's own, derived from the installation's secret key, the user, the kind
 *   and the item key (`itemName`), so even a create that is repeated (an answer lost, a lease
 *   run out, the row gone with a reconnected calendar) meets the event already there, which the
 *   provider then updates (CalDAV 412, Google 409) instead of adding a second one;
 * - a later write updates the event (a training session moved: the same event at its new
 *   times), and creates it again when it was deleted on the server.
 * The target is the calendar of `writeTargetOf` (workouts and training sessions: the first
 * selected writable calendar, else the primary writable one, else the first writable one, among
 * the calendars of usable connections; the journal: the calendar chosen for it, else the same); a
 * workout's or a session's row stays on its calendar, a journal day's follows the journal's
 * calendar. A write answers AUTH_EXPIRED only when its target's own connection expired (an item
 * written before to Google while Google is expired, or no usable writable calendar beside an
 * expired one): a CalDAV target works while Google is expired.
 * `removeItem` takes an item's event away (a training session skipped or released) in the same
 * turn and under the same lease as a write, so a removal and a write of one item never
 * interleave: the event is deleted at the provider (one already gone counts as removed), then
 * the row; a later write of the item creates the event anew under the same id (Google restores
 * the cancelled event that holds it).
 */
export const NO_WRITABLE = 'No connected calendar accepts new events. Connect Google Calendar or a CalDAV calendar.';

async function targetCalendar(ctx: AppContext, userId: number, kind: OwnKind, all?: repo.CalendarRow[]) {
  const rows = all ?? (await repo.listCalendarRows(ctx.db, userId));
  return writeTargetOf(rows, await settingsRepo.getSyncSettings(ctx.db, userId), kind);
}

/** A calendar takes the entries of this kind now (`writeTargetOf`). */
export async function hasWritableCalendar(ctx: AppContext, userId: number, kind: OwnKind) {
  return Boolean(await targetCalendar(ctx, userId, kind));
}

/** The calendar and its provider's write calls, when it takes events. */
const writerOf = (row: repo.CalendarRow | undefined) => {
  const provider = row && providerOf(row.provider);
  if (row?.writable !== 1 || !provider?.writeEvent || !provider.eventIdFor) throw new HttpError(400, NO_WRITABLE);
  return { row, writeEvent: provider.writeEvent.bind(provider), eventIdFor: provider.eventIdFor.bind(provider) };
};

/**
 * A provider's failure, recorded on the connection (an authorization refused expires it, as a
 * refresh would; a calendar's refusal is its `last_error`), as the error to answer.
 */
async function failedCall(ctx: AppContext, userId: number, conn: repo.ConnectionRow, err: unknown) {
  if (err instanceof CalendarAuthExpired)
    await repo.updateConnection(ctx.db, userId, conn.id, { status: 'expired', last_error: 'Authorization expired' });
  else if (err instanceof CalendarError)
    await repo.updateConnection(ctx.db, userId, conn.id, { last_error: err.message });
  return asHttpError(err);
}

/** The queue of an item's writes and removals within this instance (`inTurn`). */
const turnOf = (userId: number, kind: OwnKind, itemKey: string) => JSON.stringify([userId, kind, itemKey]);

/**
 * Writes the item's event: the one entry point for every event Daymark writes. Writes of one
 * item run one at a time (see above); the cache is refreshed after, outside that turn.
 */
export async function writeItem(ctx: AppContext, userId: number, kind: OwnKind, itemKey: string, event: WriteEvent) {
  const item = { kind, item_key: itemKey };
  const { conn, answer } = await inTurn(ctx.db, turnOf(userId, kind, itemKey), () =>
    writeInTurn(ctx, userId, item, event),
  );
  // The new event shows in the cache at once; a failed refresh only leaves the cache older.
  await refreshConnection(ctx, userId, conn).catch(() => {});
  return answer;
}

async function writeInTurn(
  ctx: AppContext,
  userId: number,
  item: writtenRepo.Item & { kind: OwnKind },
  event: WriteEvent,
) {
  // Used only when the item has no row yet: then it goes to the target calendar, under its own id.
  const rows = await repo.listCalendarRows(ctx.db, userId);
  const targetRow = await targetCalendar(ctx, userId, item.kind, rows);
  if (!targetRow) {
    if (rows.some((r) => r.writable === 1 && r.status === 'expired')) throw expiredError();
    throw new HttpError(400, NO_WRITABLE);
  }
  const target = writerOf(targetRow);
  const fresh = {
    calendar_row_id: target.row.id,
    remote_event_id: target.eventIdFor(target.row.remote_id, itemName(ctx.config, userId, item)),
  };
  const taken = await leased((lease) => writtenRepo.takeItem(ctx.db, userId, item, fresh, lease));
  const { token } = taken;
  let row = taken.row;
  let saved = false;
  try {
    // A journal day goes to the calendar chosen for the journal: chosen anew, its day's next
    // write lands there as a new event (the one in the calendar left is not written again).
    if (item.kind === 'journal' && row.calendar_row_id !== fresh.calendar_row_id) {
      await writtenRepo.moveItem(ctx.db, userId, item, token, fresh);
      row = { ...fresh, etag: null, state: 'pending' };
    }
    const calendar = (await repo.listCalendarRows(ctx.db, userId)).find((r) => r.id === row.calendar_row_id);
    // Written before to a calendar whose connection has expired since: only reconnecting helps.
    if (calendar && !isUsable(calendar)) throw expiredError();
    const { row: cal, writeEvent } = writerOf(calendar);
    const conn = (await repo.getConnection(ctx.db, userId, cal.connection_id)) as repo.ConnectionRow;
    const credentials = secretBox(ctx.config).open<unknown>(conn.credentials);
    const pctx = await providerContext(ctx, userId, conn.id);
    let ref: WrittenRef;
    try {
      ref = await writeEvent(
        credentials,
        cal.remote_id,
        { remoteEventId: row.remote_event_id, etag: row.etag, written: row.state === 'written' },
        event,
        pctx,
      );
    } catch (err) {
      throw await failedCall(ctx, userId, conn, err);
    }
    await writtenRepo.saveWritten(ctx.db, userId, item, token, { remote_event_id: ref.remoteEventId, etag: ref.etag });
    saved = true;
    return {
      conn,
      answer: {
        event_id: ref.remoteEventId,
        calendar_id: calendarPublicId(cal),
        calendar_name: cal.summary,
        updated: !ref.created,
      },
    };
  } finally {
    // A failed write leaves the row as it was (pending, or written before), free for the next.
    if (!saved) await writtenRepo.releaseItem(ctx.db, userId, item, token).catch(() => {});
  }
}

/**
 * Removes the item's event, in the item's turn and under its lease as a write (see above).
 * `removed` is false when there was nothing to remove: the item has no row (never written, or
 * removed before), or its calendar is gone or its connection no longer works, and then the row
 * is dropped (nothing Daymark could delete is left to wait for). A provider's failure leaves the
 * row as it was and answers as a write's (AUTH_EXPIRED, 502 with the reason). The cache is
 * refreshed after, outside the turn.
 */
export async function removeItem(
  ctx: AppContext,
  userId: number,
  kind: OwnKind,
  itemKey: string,
): Promise<{ removed: boolean }> {
  const item = { kind, item_key: itemKey };
  const { conn, removed } = await inTurn(ctx.db, turnOf(userId, kind, itemKey), () => removeInTurn(ctx, userId, item));
  // The event leaves the cache at once; a failed refresh only leaves the cache older.
  if (conn) await refreshConnection(ctx, userId, conn).catch(() => {});
  return { removed };
}

async function removeInTurn(
  ctx: AppContext,
  userId: number,
  item: writtenRepo.Item,
): Promise<{ conn?: repo.ConnectionRow; removed: boolean }> {
  const taken = await leased(async (lease) => {
    const row = await writtenRepo.takeExisting(ctx.db, userId, item, lease);
    if (row) return { row };
    // No row: nothing to remove, nothing to wait for. A row another writer holds: wait for it.
    return (await writtenRepo.hasItem(ctx.db, userId, item)) ? undefined : { row: null };
  });
  const { row } = taken.row;
  if (!row) return { removed: false };
  const { token } = taken;
  let settled = false;
  try {
    const calendar = (await repo.listCalendarRows(ctx.db, userId)).find((r) => r.id === row.calendar_row_id);
    const provider = calendar && providerOf(calendar.provider);
    if (!calendar || !isUsable(calendar) || calendar.writable !== 1 || !provider?.deleteEvent) {
      await writtenRepo.dropItem(ctx.db, userId, item, token);
      settled = true;
      return { removed: false };
    }
    const conn = (await repo.getConnection(ctx.db, userId, calendar.connection_id)) as repo.ConnectionRow;
    const credentials = secretBox(ctx.config).open<unknown>(conn.credentials);
    const pctx = await providerContext(ctx, userId, conn.id);
    try {
      await provider.deleteEvent(credentials, calendar.remote_id, row.remote_event_id, pctx);
    } catch (err) {
      throw await failedCall(ctx, userId, conn, err);
    }
    await writtenRepo.dropItem(ctx.db, userId, item, token);
    settled = true;
    return { conn, removed: true };
  } finally {
    // A failed removal leaves the row as it was (its event still there), free for the next.
    if (!settled) await writtenRepo.releaseItem(ctx.db, userId, item, token).catch(() => {});
  }
}

export function workoutEvent(plan: WorkoutPlan, date: string): WriteEvent {
  const lines = [plan.description, `Estimated duration: ${plan.estimated_duration} minutes`, ''];
  for (const s of plan.workout_sections) {
    lines.push(`${s.section_name} (${s.duration} min)`);
    for (const e of s.exercises) lines.push(`- ${e.name}: ${e.sets} × ${e.duration_or_reps}`);
    lines.push('');
  }
  return { date, summary: `Workout: ${plan.title}`, description: lines.join('\n').trim() };
}
