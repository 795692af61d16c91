import type { CalendarEvent } from '#common/api/calendar.js';
import {
  TRAINING_TEXTS,
  type TrainingRuleValue,
  type TrainingSession,
  type TrainingWeek,
} from '#common/api/training.js';
import { addDays, dateInZone, minutesInZone, mondayOf, startOfDayIn, todayIn } from '#common/time.js';
import {
  clockMinutes,
  collides,
  type Interval,
  localInstant,
  planTrainingWeek,
  relocateSession,
} from '#common/trainingWeek.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { userTimeZone } from '../../time/userZone.js';
import { writtenEventIds } from '../calendar/ownEvents.js';
import { eventsInRange } from '../calendar/service.js';
import { hasWritableCalendar, removeItem, writeItem } from '../calendar/writeback.js';
import { getPlanByDate } from '../workout/plansRepo.js';
import * as repo from './repo.js';

/**
 * The training week (issue: training that finds its time). A user's rule places the week's
 * sessions in the free time of their calendars (common/src/trainingWeek.ts); each session is
 * held in the calendar as a timed event "Workout: …" through the exactly-once write path
 * (calendar/writeback.ts, kind 'training', item key "<week>#<n>"), and defended when the
 * calendar changes (`defendWeek`, run after every refresh of the user's calendars):
 * - a session the user moved in their calendar stays where they put it (placed_by 'user');
 * - a session of the planner's that a meeting now covers moves to the next free place the rule
 *   allows (same day first), shortened down to the minimum, or is released with a note.
 * A week is planned once (the `training_weeks` row decides between instances) on its first
 * reading or refresh with the rule on, and again when the user asks or changes the rule.
 */

const MIN = 60_000;
const itemKey = (s: Pick<repo.SessionRow, 'week_start' | 'idx'>) => `${s.week_start}#${s.idx}`;

/** "Wed 12:00", in the user's zone. */
function when(instant: number | string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(new Date(instant));
}
const clockOf = (instant: number | string, zone: string) => {
  const m = minutesInZone(instant, zone);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Busy time of the calendars shown: events not declined, not Daymark's own, that hold time. */
function busyOf(events: CalendarEvent[], zone: string): Array<Interval & { summary: string }> {
  const busy: Array<Interval & { summary: string }> = [];
  for (const e of events) {
    if (e.declined || e.daymark !== null) continue;
    if (e.start.dateTime && e.end.dateTime) {
      if (e.transparency === 'transparent') continue;
      busy.push({ start: Date.parse(e.start.dateTime), end: Date.parse(e.end.dateTime), summary: e.summary });
    } else if (e.start.date && e.end.date && e.transparency === 'opaque') {
      busy.push({
        start: Date.parse(startOfDayIn(e.start.date, zone)),
        end: Date.parse(startOfDayIn(e.end.date, zone)),
        summary: e.summary,
      });
    }
  }
  return busy;
}

async function weekEvents(ctx: AppContext, userId: number, weekStart: string, zone: string) {
  return eventsInRange(ctx, userId, {
    fromDate: addDays(weekStart, -1),
    toDate: addDays(weekStart, 7),
    maxResults: 100_000,
    zone,
  });
}

/** A session as the API gives it; `logged`: the dates with a workout log (done). */
function present(row: repo.SessionRow, zone: string, logged: Set<string>): TrainingSession {
  return {
    id: row.id,
    week_start: row.week_start,
    index: row.idx,
    date: row.date,
    start_at: row.start_at,
    end_at: row.end_at,
    start_time: clockOf(row.start_at, zone),
    end_time: clockOf(row.end_at, zone),
    minutes: row.minutes,
    status: row.status === 'planned' && logged.has(row.date) ? 'done' : (row.status as TrainingSession['status']),
    placed_by: row.placed_by as TrainingSession['placed_by'],
    calendar: row.calendar as TrainingSession['calendar'],
    note: row.note,
    changed_at: row.changed_at,
  };
}

interface Scope {
  userId: number;
  zone: string;
  rule: TrainingRuleValue;
  weekStart: string;
  now: number;
  /** Whether a calendar takes training events, asked once per scope (calendarWritable). */
  writable?: Promise<boolean>;
}

/** Whether a connected calendar takes the training events: read once for a scope. */
function calendarWritable(ctx: AppContext, s: Scope): Promise<boolean> {
  s.writable ??= hasWritableCalendar(ctx, s.userId, 'training');
  return s.writable;
}

async function scopeOf(ctx: AppContext, userId: number, date: string | undefined, now: number): Promise<Scope> {
  const zone = await userTimeZone(ctx.db, userId);
  const rule = await repo.getRule(ctx.db, userId);
  return { userId, zone, rule, weekStart: mondayOf(date ?? todayIn(zone, now)), now };
}

const weekIsOver = (s: Scope) => addDays(s.weekStart, 6) < todayIn(s.zone, s.now);

async function presentWeek(ctx: AppContext, s: Scope): Promise<TrainingWeek> {
  const rows = await repo.listWeek(ctx.db, s.userId, s.weekStart);
  const logged = await repo.loggedDates(ctx.db, s.userId, s.weekStart, addDays(s.weekStart, 6));
  // A released session is listed with its own note; only the numbers with no session at all are unplaced.
  const held = new Set(rows.map((r) => r.idx));
  const planned = rows.length > 0 || (await repo.weekTaken(ctx.db, s.userId, s.weekStart));
  const unplaced = planned
    ? Array.from({ length: s.rule.sessions_per_week }, (_, i) => i + 1)
        .filter((i) => !held.has(i))
        .map((index) => ({ index, message: TRAINING_TEXTS.noTime(index) }))
    : [];
  return {
    week_start: s.weekStart,
    enabled: s.rule.enabled,
    sessions: rows.map((r) => present(r, s.zone, logged)),
    unplaced,
    calendar_writable: await calendarWritable(ctx, s),
  };
}

/** The event a session holds in the calendar: "Workout: <the day's plan title>", timed, busy. */
async function eventOf(ctx: AppContext, s: Scope, row: repo.SessionRow) {
  const plan = await getPlanByDate(ctx.db, s.userId, row.date);
  let title = 'training session';
  let details = '';
  if (plan) {
    try {
      const parsed = JSON.parse(plan.plan) as { title?: unknown; description?: unknown };
      if (typeof parsed.title === 'string' && parsed.title.trim()) title = parsed.title.trim();
      if (typeof parsed.description === 'string') details = parsed.description;
    } catch {
      // A plan stored as text: the session keeps its plain title.
    }
  }
  const lines = [
    `Training session ${row.idx} of ${s.rule.sessions_per_week} this week, ${row.minutes} minutes, held by Daymark.`,
    details,
    'Open the Workout screen in Daymark for the plan.',
  ].filter(Boolean);
  return {
    start: row.start_at,
    end: row.end_at,
    timeZone: s.zone,
    summary: `Workout: ${title}`,
    description: lines.join('\n\n'),
  };
}

/**
 * Brings the calendar in line with the sessions: a planned session is written (when the rule
 * holds sessions in the calendar and a calendar takes events) and a skipped or released one
 * removed. A failed write marks the session 'failed'; the next refresh tries again.
 */
async function holdInCalendar(ctx: AppContext, s: Scope, rows: repo.SessionRow[], rewrite: Set<number>) {
  const writable = s.rule.write_to_calendar && (await calendarWritable(ctx, s));
  for (const row of rows) {
    const wanted = row.status === 'planned' && writable;
    try {
      if (wanted && (row.calendar !== 'written' || rewrite.has(row.id))) {
        await repo.setCalendarState(ctx.db, s.userId, row.id, 'pending');
        await writeItem(ctx, s.userId, 'training', itemKey(row), await eventOf(ctx, s, row));
        await repo.setCalendarState(ctx.db, s.userId, row.id, 'written');
      } else if (!wanted && row.calendar !== 'off') {
        await removeItem(ctx, s.userId, 'training', itemKey(row));
        await repo.setCalendarState(ctx.db, s.userId, row.id, 'off');
      }
    } catch {
      // The calendar said no (expired, unreachable): shown on the session, tried again on the next refresh.
      await repo.setCalendarState(ctx.db, s.userId, row.id, 'failed');
    }
  }
}

/** Sessions that stay where they are when the week is planned again: done, the user's, past, skipped. */
function isKept(row: repo.SessionRow, s: Scope, logged: Set<string>) {
  return (
    row.status === 'skipped' ||
    (row.status === 'planned' &&
      (row.placed_by === 'user' || logged.has(row.date) || Date.parse(row.start_at) <= s.now))
  );
}

/** Places the week's sessions that are not kept (all of them on a first planning). */
async function placeWeek(ctx: AppContext, s: Scope): Promise<void> {
  const existing = await repo.listWeek(ctx.db, s.userId, s.weekStart);
  const logged = await repo.loggedDates(ctx.db, s.userId, s.weekStart, addDays(s.weekStart, 6));
  const count = s.rule.sessions_per_week;
  const kept = existing.filter((r) => r.idx <= count && isKept(r, s, logged));
  const keptIdx = new Set(kept.map((r) => r.idx));
  const events = await weekEvents(ctx, s.userId, s.weekStart, s.zone);
  const result = planTrainingWeek({
    rule: s.rule,
    weekStart: s.weekStart,
    zone: s.zone,
    now: s.now,
    busy: busyOf(events, s.zone),
    kept: kept
      .filter((r) => r.status !== 'skipped')
      .map((r) => ({ index: r.idx, date: r.date, start: Date.parse(r.start_at), end: Date.parse(r.end_at) })),
    toPlace: Array.from({ length: count }, (_, i) => i + 1).filter((i) => !keptIdx.has(i)),
  });
  const changed = new Set<number>();
  for (const p of result.placed) {
    const before = existing.find((r) => r.idx === p.index);
    const start = new Date(p.start).toISOString();
    const row = await repo.putSession(ctx.db, s.userId, s.weekStart, p.index, {
      date: p.date,
      start_at: start,
      end_at: new Date(p.end).toISOString(),
      minutes: p.minutes,
      status: 'planned',
      placed_by: 'planner',
      calendar: before?.calendar ?? 'off',
      note: before && before.start_at !== start ? `Planned again: now ${when(p.start, s.zone)}.` : null,
      changed_at: before && before.start_at !== start ? new Date(s.now).toISOString() : null,
    });
    if (!before || before.start_at !== row.start_at || before.end_at !== row.end_at) changed.add(row.id);
  }
  for (const index of result.unplaced) {
    const before = existing.find((r) => r.idx === index);
    if (before && before.status === 'planned') {
      await repo.updateSession(ctx.db, s.userId, before, {
        status: 'released',
        note: TRAINING_TEXTS.noTime(index),
        changed_at: new Date(s.now).toISOString(),
      });
    }
  }
  // Fewer sessions a week than before: the ones past the new count leave the calendar first.
  const dropped = existing.filter((r) => r.idx > count);
  await holdInCalendar(
    ctx,
    s,
    dropped.map((r) => ({ ...r, status: 'released' })),
    new Set(),
  );
  await repo.deleteFrom(ctx.db, s.userId, s.weekStart, count);
  await holdInCalendar(ctx, s, await repo.listWeek(ctx.db, s.userId, s.weekStart), changed);
}

/** GET /api/training/week: the week, planned first when it never was (rule on, week not over). */
export async function getWeek(ctx: AppContext, userId: number, date?: string, now = Date.now()): Promise<TrainingWeek> {
  const s = await scopeOf(ctx, userId, date, now);
  if (s.rule.enabled && !weekIsOver(s) && (await repo.takeWeek(ctx.db, userId, s.weekStart))) {
    await placeWeek(ctx, s);
  }
  return presentWeek(ctx, s);
}

/** POST /api/training/week/plan: the rest of the week planned again (kept sessions stay). */
export async function planAgain(ctx: AppContext, userId: number, date?: string, now = Date.now()) {
  const s = await scopeOf(ctx, userId, date, now);
  if (weekIsOver(s)) throw badRequest('This week is over: there is nothing left to plan.');
  if (!s.rule.enabled) throw badRequest('Turn on the training week in Workout settings first.');
  await repo.takeWeek(ctx.db, userId, s.weekStart);
  await placeWeek(ctx, s);
  return presentWeek(ctx, s);
}

/** PUT /api/training/rule: saved; with the rule on, this week is planned again, off: its sessions leave the calendar. */
export async function saveRule(ctx: AppContext, userId: number, rule: TrainingRuleValue, now = Date.now()) {
  await repo.saveRule(ctx.db, userId, { ...rule, days: [...rule.days].sort((a, b) => a - b) });
  const s = await scopeOf(ctx, userId, undefined, now);
  if (rule.enabled) {
    await repo.takeWeek(ctx.db, userId, s.weekStart);
    await placeWeek(ctx, s);
  } else {
    await holdInCalendar(ctx, s, await repo.listWeek(ctx.db, userId, s.weekStart), new Set());
  }
  return { rule, week: await presentWeek(ctx, s) };
}

async function ownSession(ctx: AppContext, userId: number, id: number, now: number) {
  const row = await repo.getSession(ctx.db, userId, id);
  if (!row) throw notFound(TRAINING_TEXTS.sessionNotFound);
  return { row, s: await scopeOf(ctx, userId, row.week_start, now) };
}

/** POST /api/training/sessions/{id}/skip: skipped, its event removed. */
export async function skipSession(ctx: AppContext, userId: number, id: number, now = Date.now()) {
  const { row, s } = await ownSession(ctx, userId, id, now);
  const changed =
    row.status === 'skipped'
      ? row
      : await repo.updateSession(ctx.db, userId, row, {
          status: 'skipped',
          note: TRAINING_TEXTS.skipped,
          changed_at: new Date(now).toISOString(),
        });
  const current = changed ?? (await repo.getSession(ctx.db, userId, id));
  if (current) await holdInCalendar(ctx, s, [current], new Set());
  return answerFor(ctx, s, id);
}

/** POST /api/training/sessions/{id}/move: to a date of its week at a local time; the user's place from then on. */
export async function moveSession(
  ctx: AppContext,
  userId: number,
  id: number,
  to: { date: string; start_time: string; minutes?: number },
  now = Date.now(),
) {
  const { row, s } = await ownSession(ctx, userId, id, now);
  if (to.date < s.weekStart || to.date > addDays(s.weekStart, 6)) throw badRequest(TRAINING_TEXTS.moveOutsideWeek);
  const minutes = to.minutes ?? row.minutes;
  const start = localInstant(to.date, clockMinutes(to.start_time) as number, s.zone);
  if (start + minutes * MIN <= now) throw badRequest(TRAINING_TEXTS.moveInPast);
  const others = await repo.listWeek(ctx.db, userId, s.weekStart);
  if (others.some((o) => o.id !== row.id && o.date === to.date && (o.status === 'planned' || o.status === 'done'))) {
    throw badRequest(TRAINING_TEXTS.moveDayTaken);
  }
  const end = start + minutes * MIN;
  const meetings = busyOf(await weekEvents(ctx, userId, s.weekStart, s.zone), s.zone).filter((b) =>
    collides({ start, end }, [b], 0),
  );
  const note = `Moved by you to ${when(start, s.zone)}–${clockOf(end, s.zone)}.${
    meetings[0] ? ` It overlaps “${meetings[0].summary}”.` : ''
  }`;
  const changed = await repo.updateSession(ctx.db, userId, row, {
    date: dateInZone(start, s.zone),
    start_at: new Date(start).toISOString(),
    end_at: new Date(end).toISOString(),
    minutes,
    status: 'planned',
    placed_by: 'user',
    note,
    changed_at: new Date(now).toISOString(),
  });
  if (changed) {
    await holdInCalendar(ctx, s, [changed], new Set([changed.id]));
    await sessionChanged(ctx, s, changed);
  }
  return answerFor(ctx, s, id);
}

async function answerFor(ctx: AppContext, s: Scope, id: number) {
  const week = await presentWeek(ctx, s);
  const session = week.sessions.find((x) => x.id === id);
  if (!session) throw notFound(TRAINING_TEXTS.sessionNotFound);
  return { session, week };
}

/**
 * After a refresh of the user's calendars: the current week planned when it never was, then
 * defended (see the module comment). Returns the sessions it changed.
 */
export async function defendWeek(ctx: AppContext, userId: number, now = Date.now()): Promise<number> {
  // Every refresh of every user's calendars comes here: most have no rule on, told by one read.
  if (!(await repo.ruleIsOn(ctx.db, userId))) return 0;
  const s = await scopeOf(ctx, userId, undefined, now);
  if (!s.rule.enabled) return 0;
  if (await repo.takeWeek(ctx.db, userId, s.weekStart)) {
    await placeWeek(ctx, s);
    return (await repo.listWeek(ctx.db, userId, s.weekStart)).length;
  }
  let changed = await defendOne(ctx, s);
  // Next week, once planned (asked for ahead), is defended as well.
  const next = { ...s, weekStart: addDays(s.weekStart, 7) };
  if (await repo.weekTaken(ctx.db, userId, next.weekStart)) changed += await defendOne(ctx, next);
  return changed;
}

async function defendOne(ctx: AppContext, s: Scope): Promise<number> {
  const { userId, now } = s;
  const rows = await repo.listWeek(ctx.db, userId, s.weekStart);
  const events = await weekEvents(ctx, userId, s.weekStart, s.zone);
  const eventIds = await writtenEventIds(ctx.db, userId, 'training');
  const byId = new Map(events.filter((e) => e.daymark === 'training').map((e) => [e.id, e]));
  const busy = busyOf(events, s.zone);
  const logged = await repo.loggedDates(ctx.db, userId, s.weekStart, addDays(s.weekStart, 6));
  const stamp = new Date(now).toISOString();
  const changed: repo.SessionRow[] = [];
  const rewrite = new Set<number>();

  // Moved by the user in their calendar: the session follows the event.
  const current = [...rows];
  for (let i = 0; i < current.length; i++) {
    const row = current[i] as repo.SessionRow;
    if (row.status !== 'planned' || row.calendar !== 'written') continue;
    const id = eventIds.get(itemKey(row));
    const event = id ? byId.get(id) : undefined;
    if (!event?.start.dateTime || !event.end.dateTime) continue;
    const start = Date.parse(event.start.dateTime);
    const end = Date.parse(event.end.dateTime);
    if (Math.abs(start - Date.parse(row.start_at)) < MIN && Math.abs(end - Date.parse(row.end_at)) < MIN) continue;
    const updated = await repo.updateSession(ctx.db, userId, row, {
      date: dateInZone(start, s.zone),
      start_at: new Date(start).toISOString(),
      end_at: new Date(end).toISOString(),
      minutes: Math.max(1, Math.round((end - start) / MIN)),
      placed_by: 'user',
      note: `You moved it in your calendar: now ${when(start, s.zone)}–${clockOf(end, s.zone)}.`,
      changed_at: stamp,
    });
    if (updated) current[i] = updated;
  }

  // Covered by a meeting: moved, shortened or released.
  for (let i = 0; i < current.length; i++) {
    const row = current[i] as repo.SessionRow;
    if (row.status !== 'planned' || row.placed_by !== 'planner' || logged.has(row.date)) continue;
    const start = Date.parse(row.start_at);
    const end = Date.parse(row.end_at);
    if (start <= now) continue;
    const hit = busy.find((b) => collides({ start, end }, [b], s.rule.buffer_minutes));
    if (!hit) continue;
    const others = current.filter((o) => o.id !== row.id && o.status === 'planned');
    const moved = relocateSession({
      rule: s.rule,
      weekStart: s.weekStart,
      zone: s.zone,
      now,
      busy,
      kept: others.map((o) => ({
        index: o.idx,
        date: o.date,
        start: Date.parse(o.start_at),
        end: Date.parse(o.end_at),
      })),
      session: { index: row.idx, date: row.date },
    });
    const why = `“${hit.summary}” now takes that time`;
    const updated = moved
      ? await repo.updateSession(ctx.db, userId, row, {
          date: moved.date,
          start_at: new Date(moved.start).toISOString(),
          end_at: new Date(moved.end).toISOString(),
          minutes: moved.minutes,
          note:
            moved.minutes < row.minutes
              ? `Moved from ${when(start, s.zone)} to ${when(moved.start, s.zone)} and shortened to ${moved.minutes} minutes: ${why}.`
              : `Moved from ${when(start, s.zone)} to ${when(moved.start, s.zone)}: ${why}.`,
          changed_at: stamp,
        })
      : await repo.updateSession(ctx.db, userId, row, {
          status: 'released',
          note: `Released: ${why}, and the week has no other free place for it.`,
          changed_at: stamp,
        });
    if (updated) {
      current[i] = updated;
      changed.push(updated);
      rewrite.add(updated.id);
    }
  }
  // Writes that failed before are tried again, changed sessions written or removed.
  const retry = current.filter((r) => r.calendar === 'failed' || r.calendar === 'pending');
  await holdInCalendar(ctx, s, [...new Map([...changed, ...retry].map((r) => [r.id, r])).values()], rewrite);
  for (const row of changed) if (row.status === 'planned') await sessionChanged(ctx, s, row);
  return changed.length;
}

/** Today's session of a date (planned or done), for the workout generated for it. */
export async function sessionOfDate(ctx: AppContext, userId: number, date: string) {
  const rule = await repo.getRule(ctx.db, userId);
  if (!rule.enabled) return undefined;
  const zone = await userTimeZone(ctx.db, userId);
  const rows = await repo.listBetween(ctx.db, userId, date, date);
  const row = rows.find((r) => r.status === 'planned');
  return row ? { minutes: row.minutes, start_time: clockOf(row.start_at, zone) } : undefined;
}

/** The sessions of the week of `today`, as a coach reads them (the rule on; read, never planned here). */
export async function sessionsOfWeek(ctx: AppContext, userId: number, today: string) {
  const rule = await repo.getRule(ctx.db, userId);
  if (!rule.enabled) return [];
  const zone = await userTimeZone(ctx.db, userId);
  const weekStart = mondayOf(today);
  const rows = await repo.listWeek(ctx.db, userId, weekStart);
  const logged = await repo.loggedDates(ctx.db, userId, weekStart, addDays(weekStart, 6));
  return rows.map((r) => {
    const p = present(r, zone, logged);
    return {
      date: p.date,
      start_time: p.start_time,
      end_time: p.end_time,
      minutes: p.minutes,
      status: p.status,
      note: p.note,
    };
  });
}

/**
 * After the plan of a date was generated: a session held on that date gets the plan's title in
 * its calendar event. Returns whether the date has a session held in the calendar (then the
 * day's all-day workout event is not written as well).
 */
export async function afterPlanGenerated(ctx: AppContext, userId: number, date: string): Promise<boolean> {
  const rule = await repo.getRule(ctx.db, userId);
  if (!rule.enabled || !rule.write_to_calendar) return false;
  const row = (await repo.listBetween(ctx.db, userId, date, date)).find((r) => r.status === 'planned');
  if (!row) return false;
  const s = await scopeOf(ctx, userId, row.week_start, Date.now());
  await holdInCalendar(ctx, s, [row], new Set([row.id]));
  return true;
}

/**
 * Work that follows a session's change of time or length (the workout feature makes the day's
 * plan again when it no longer fits), registered by the feature that does it.
 */
export type SessionChanged = (
  ctx: AppContext,
  userId: number,
  session: { date: string; minutes: number; start_time: string },
) => Promise<unknown>;
const changeHooks: SessionChanged[] = [];
export function onSessionChanged(hook: SessionChanged) {
  if (!changeHooks.includes(hook)) changeHooks.push(hook);
}

async function sessionChanged(ctx: AppContext, s: Scope, row: repo.SessionRow): Promise<void> {
  const session = { date: row.date, minutes: row.minutes, start_time: clockOf(row.start_at, s.zone) };
  for (const hook of changeHooks) await hook(ctx, s.userId, session).catch(() => {});
}
