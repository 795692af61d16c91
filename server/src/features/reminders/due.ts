import type { ReminderKind, ReminderSettingsValue } from '#common/api/reminders.js';
import { addDays, dayOfWeek, minutesInZone, startOfDayIn, todayIn } from '#common/time.js';
import { clockMinutes, localInstant } from '#common/trainingWeek.js';
import type { Db } from '../../db/index.js';
import { calendarMessage, type DueItem, journalMessage, trainingMessage, weeklyMessage } from './messages.js';

/**
 * What is due for one user at one moment, in their zone. Each kind is looked at only when one of
 * the user's channels carries it. A reminder is due from its time until the thing it reminds of
 * has passed (the session started, the day ended), so a server that was down sends it late
 * rather than never; each has a key that makes it once per thing (see the delivery table).
 */

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whether a local time of day falls in quiet hours (which may cross midnight). */
export function inQuietHours(s: Pick<ReminderSettingsValue, 'quiet_start' | 'quiet_end'>, minutes: number): boolean {
  if (s.quiet_start === null || s.quiet_end === null) return false;
  const start = clockMinutes(s.quiet_start) ?? 0;
  const end = clockMinutes(s.quiet_end) ?? 0;
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** The instant a reminder of this kind becomes due today, or null when it is not due today at all. */
const todayAt = (date: string, time: string, zone: string) => localInstant(date, clockMinutes(time) ?? 0, zone);

/** Whether a journal row of the user's exists: the day's evening part, or a week's plan (its Monday). */
async function journalHas(db: Db, userId: number, what: 'evening' | 'weekly plan', date: string): Promise<boolean> {
  const row = await db
    .selectFrom('journal_entries')
    .select('id')
    .where('user_id', '=', userId)
    .where('journal_type', '=', what === 'evening' ? 'daily' : 'weekly_planning')
    .where('date', '=', date)
    .$if(what === 'evening', (q) => q.where('has_evening', '=', 1))
    .executeTakeFirst();
  return row !== undefined;
}

export async function dueItems(
  db: Db,
  user: { id: number; zone: string },
  settings: ReminderSettingsValue,
  kinds: ReadonlySet<ReminderKind>,
  now: Date,
): Promise<DueItem[]> {
  const t = now.getTime();
  const nowIso = now.toISOString();
  const today = todayIn(user.zone, now);
  const tomorrowStart = Date.parse(startOfDayIn(addDays(today, 1), user.zone));
  const items: DueItem[] = [];

  if (kinds.has('training')) {
    const until = new Date(t + settings.training_lead_minutes * 60_000).toISOString();
    const sessions = await db
      .selectFrom('training_sessions as s')
      .leftJoin('workout_plans as p', (j) =>
        j.onRef('p.user_id', '=', 's.user_id').onRef('p.date', '=', 's.date').on('p.replaced_at', 'is', null),
      )
      .select(['s.id', 's.date', 's.start_at', 's.end_at', 's.minutes', 'p.title', 'p.kind'])
      .where('s.user_id', '=', user.id)
      .where('s.status', '=', 'planned')
      .where('s.start_at', '>', nowIso)
      .where('s.start_at', '<=', until)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('workout_logs as l')
              .select('l.id')
              .whereRef('l.user_id', '=', 's.user_id')
              .whereRef('l.date', '=', 's.date'),
          ),
        ),
      )
      .execute();
    for (const s of sessions) {
      items.push({
        kind: 'training',
        key: `training:${s.id}:${s.start_at}`,
        payload: trainingMessage({
          start: clock(minutesInZone(s.start_at, user.zone)),
          end: clock(minutesInZone(s.end_at, user.zone)),
          minutes: s.minutes,
          workout: s.kind === 'skipped' ? null : (s.title ?? null),
        }),
      });
    }
  }

  if (kinds.has('journal') && t >= todayAt(today, settings.journal_time, user.zone) && t < tomorrowStart) {
    if (!(await journalHas(db, user.id, 'evening', today)))
      items.push({ kind: 'journal', key: `journal:${today}`, payload: journalMessage(today) });
  }

  if (kinds.has('weekly') && dayOfWeek(today) === 0 && t >= todayAt(today, settings.weekly_time, user.zone)) {
    const monday = addDays(today, 1);
    if (!(await journalHas(db, user.id, 'weekly plan', monday)))
      items.push({ kind: 'weekly', key: `weekly:${monday}`, payload: weeklyMessage(monday) });
  }

  if (kinds.has('calendar')) {
    const expired = await db
      .selectFrom('calendar_connections')
      .select(['id', 'label', 'updated_at'])
      .where('user_id', '=', user.id)
      .where('status', '=', 'expired')
      .execute();
    for (const c of expired)
      items.push({ kind: 'calendar', key: `calendar:${c.id}:${c.updated_at}`, payload: calendarMessage(c.label) });
  }
  return items;
}

/**
 * Whether a created reminder still stands when it is about to be sent (or sent again): a session
 * moved, skipped or started, a journal written, a plan made since it was created is not reminded of.
 */
export async function stillDue(
  db: Db,
  d: { user_id: number; kind: string; item_key: string },
  zone: string,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const [, a, b] = d.item_key.split(':');
  switch (d.kind) {
    case 'training': {
      const startAt = d.item_key.slice(`training:${a}:`.length);
      const s = await db
        .selectFrom('training_sessions')
        .select(['start_at', 'status'])
        .where('user_id', '=', d.user_id)
        .where('id', '=', Number(a))
        .executeTakeFirst();
      return !!s && s.status === 'planned' && s.start_at === startAt && s.start_at > nowIso;
    }
    case 'journal': {
      if (a !== todayIn(zone, now)) return false;
      return !(await journalHas(db, d.user_id, 'evening', a));
    }
    case 'weekly': {
      if (!a || todayIn(zone, now) >= a) return false;
      return !(await journalHas(db, d.user_id, 'weekly plan', a));
    }
    case 'calendar': {
      const c = await db
        .selectFrom('calendar_connections')
        .select(['status'])
        .where('user_id', '=', d.user_id)
        .where('id', '=', Number(a))
        .executeTakeFirst();
      return c?.status === 'expired' && b !== undefined;
    }
    default:
      // A briefing and a test stand until sent.
      return true;
  }
}
