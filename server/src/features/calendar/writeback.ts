import type { WorkoutPlan } from '../../../../common/src/api/workout.js';
import { providerOf } from '../../calendar/providers.js';
import { secretBox } from '../../calendar/secrets.js';
import { CalendarAuthExpired, CalendarError, type WriteEvent } from '../../calendar/types.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { expiredError, isUsable } from './expiry.js';
import { calendarPublicId } from './present.js';
import * as repo from './repo.js';
import { asHttpError, getSyncSettings } from './service.js';
import { providerContext, refreshConnection } from './sync.js';
import * as writtenRepo from './writtenRepo.js';

/**
 * Events Daymark writes to the user's calendar (the workout of a day; the journal day with
 * sync_journal): all-day, marked free, one per kind and date. The first write creates the
 * event and remembers its id; later writes update that event instead of adding another.
 * The target is the first selected writable calendar, else the primary writable one, else
 * the first writable one, among the calendars of usable connections; an event already written
 * stays on its calendar. A write answers AUTH_EXPIRED only when its target's own connection
 * expired (an event written before to Google while Google is expired, or no usable writable
 * calendar beside an expired one): a CalDAV target works while Google is expired.
 */
export const NO_WRITABLE = 'No connected calendar accepts new events. Connect Google Calendar or a CalDAV calendar.';

async function targetCalendar(ctx: AppContext, userId: number, all?: repo.CalendarRow[]) {
  const rows = (all ?? (await repo.listCalendarRows(ctx.db, userId))).filter((r) => r.writable === 1 && isUsable(r));
  const { selected_calendars } = await getSyncSettings(ctx.db, userId);
  return (
    rows.find((r) => selected_calendars.includes(calendarPublicId(r))) ??
    rows.find((r) => r.is_primary === 1) ??
    rows[0]
  );
}

export async function hasWritableCalendar(ctx: AppContext, userId: number) {
  return Boolean(await targetCalendar(ctx, userId));
}

export async function writeItem(ctx: AppContext, userId: number, kind: string, itemKey: string, event: WriteEvent) {
  const written = await writtenRepo.getWritten(ctx.db, userId, kind, itemKey);
  const rows = await repo.listCalendarRows(ctx.db, userId);
  const target =
    (written && rows.find((r) => r.id === written.calendar_row_id)) || (await targetCalendar(ctx, userId, rows));
  if (!target) {
    if (rows.some((r) => r.writable === 1 && r.status === 'expired')) throw expiredError();
    throw new HttpError(400, NO_WRITABLE);
  }
  if (!isUsable(target)) throw expiredError();
  const provider = providerOf(target.provider);
  if (!provider.writeEvent || target.writable !== 1) throw new HttpError(400, NO_WRITABLE);
  const conn = (await repo.getConnection(ctx.db, userId, target.connection_id)) as repo.ConnectionRow;
  const credentials = secretBox(ctx.config).open<unknown>(conn.credentials);
  const pctx = await providerContext(ctx, userId, conn.id);
  const existing =
    written?.calendar_row_id === target.id ? { remoteEventId: written.remote_event_id, etag: written.etag } : null;
  let ref: Awaited<ReturnType<NonNullable<typeof provider.writeEvent>>>;
  try {
    ref = await provider.writeEvent(credentials, target.remote_id, existing, event, pctx);
  } catch (err) {
    // An authorization refused while writing expires the connection, as a refresh would.
    if (err instanceof CalendarAuthExpired)
      await repo.updateConnection(ctx.db, userId, conn.id, { status: 'expired', last_error: 'Authorization expired' });
    else if (err instanceof CalendarError)
      await repo.updateConnection(ctx.db, userId, conn.id, { last_error: err.message });
    throw asHttpError(err);
  }
  await writtenRepo.saveWritten(ctx.db, userId, {
    kind,
    item_key: itemKey,
    calendar_row_id: target.id,
    remote_event_id: ref.remoteEventId,
    etag: ref.etag,
  });
  // The new event shows in the cache at once; a failed refresh only leaves the cache older.
  await refreshConnection(ctx, userId, conn).catch(() => {});
  return {
    event_id: ref.remoteEventId,
    calendar_id: calendarPublicId(target),
    updated: Boolean(existing && existing.remoteEventId === ref.remoteEventId),
  };
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
