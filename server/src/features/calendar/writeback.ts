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
 * Events Daymark writes to the user's calendar (the workout of a day; the journal day with
 * sync_journal), one per kind and item, each written exactly once however many writes of it
 * arrive together, from however many app instances:
 * - the item's row (unique on user, kind and item key) is taken before the remote call, with the
 *   id its event is to have, and held by one writer at a time (writeTurn.ts: a queue per item
 *   within an instance, a lease in the row across instances);
 * - that id is the item's own, derived from the installation's secret key, the user, the kind
 *   and the item key (`itemName`), so even a create that is repeated (an answer lost, a lease
 *   run out, the row gone with a reconnected calendar) meets the event already there, which the
 *   provider then updates (CalDAV 412, Google 409) instead of adding a second one;
 * - a later write updates the event, and creates it again when it was deleted on the server.
 * The target is the calendar of `writeTargetOf` (workouts: the first selected writable calendar,
 * else the primary writable one, else the first writable one, among the calendars of usable
 * connections; the journal: the calendar chosen for it, else the same); a workout's row stays on
 * its calendar, a journal day's follows the journal's calendar. A write answers AUTH_EXPIRED only when its target's own connection expired (an item
 * written before to Google while Google is expired, or no usable writable calendar beside an
 * expired one): a CalDAV target works while Google is expired.
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
 * Writes the item's event: the one entry point for every event Daymark writes. Writes of one
 * item run one at a time (see above); the cache is refreshed after, outside that turn.
 */
export async function writeItem(ctx: AppContext, userId: number, kind: OwnKind, itemKey: string, event: WriteEvent) {
  const item = { kind, item_key: itemKey };
  const { conn, answer } = await inTurn(ctx.db, JSON.stringify([userId, kind, itemKey]), () =>
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
      // An authorization refused while writing expires the connection, as a refresh would.
      if (err instanceof CalendarAuthExpired)
        await repo.updateConnection(ctx.db, userId, conn.id, {
          status: 'expired',
          last_error: 'Authorization expired',
        });
      else if (err instanceof CalendarError)
        await repo.updateConnection(ctx.db, userId, conn.id, { last_error: err.message });
      throw asHttpError(err);
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

export function workoutEvent(plan: WorkoutPlan, date: string): WriteEvent {
  const lines = [plan.description, `Estimated duration: ${plan.estimated_duration} minutes`, ''];
  for (const s of plan.workout_sections) {
    lines.push(`${s.section_name} (${s.duration} min)`);
    for (const e of s.exercises) lines.push(`- ${e.name}: ${e.sets} × ${e.duration_or_reps}`);
    lines.push('');
  }
  return { date, summary: `Workout: ${plan.title}`, description: lines.join('\n').trim() };
}
