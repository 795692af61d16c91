import { TZDate } from '@date-fns/tz';
import { addDays, dateInZone } from './time.js';

/**
 * Training sessions placed in the free time of a week: a pure, deterministic function of the
 * rule, the week, the zone, the moment and the busy time (the server gathers the busy time from
 * every connected calendar and stores what this returns; features/training).
 *
 * The rule: so many sessions a week, at least `min_minutes` and preferably `preferred_minutes`
 * long, on the allowed days (ISO weekdays, 1 = Monday), inside the day's time windows (local
 * wall-clock times in the user's zone), kept `buffer_minutes` away from every busy event.
 *
 * Placement, for the sessions still to place:
 * - one session a day at most; a day's place is found inside its windows, after `now`, clear of
 *   every busy interval widened by the buffer on both sides, starting on a 5-minute mark;
 * - on a day, the earliest place that takes the preferred length; else the longest free stretch
 *   of at least the minimum (the session then takes what fits, in whole 5 minutes, up to the
 *   preferred length), the earlier of equal ones;
 * - among the days that have a place (and no session already), as many sessions as possible,
 *   then the choice with the fewest sessions on consecutive days (rest days between them, the
 *   sessions kept counted too, Sunday followed by next Monday), then the most minutes, then the
 *   widest smallest gap, then the earliest days;
 * - the sessions that find no day are reported, never overlapped with a meeting.
 */

export interface TimeWindow {
  /** HH:MM, local time in the user's zone. */
  start: string;
  end: string;
}

export interface TrainingRule {
  enabled: boolean;
  sessions_per_week: number;
  min_minutes: number;
  preferred_minutes: number;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: number[];
  windows: TimeWindow[];
  buffer_minutes: number;
  write_to_calendar: boolean;
}

/** [start, end) in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

export interface PlacedSession {
  index: number;
  /** The local date (YYYY-MM-DD) it is on. */
  date: string;
  start: number;
  end: number;
  minutes: number;
}

export interface WeekInput {
  rule: Pick<
    TrainingRule,
    'sessions_per_week' | 'min_minutes' | 'preferred_minutes' | 'days' | 'windows' | 'buffer_minutes'
  >;
  /** The Monday of the week (local date). */
  weekStart: string;
  zone: string;
  /** Nothing is placed before this instant. */
  now: number;
  /** Busy time: every event that blocks (the caller filters out free and declined ones). */
  busy: Interval[];
  /** Sessions that stay where they are (done, placed by the user, or kept): their days are taken. */
  kept: Array<{ index: number; date: string; start: number; end: number }>;
  /** The indexes (1-based) of the sessions to place, e.g. [1, 2, 3]. */
  toPlace: number[];
}

export interface WeekResult {
  placed: PlacedSession[];
  /** Indexes of the sessions that found no place this week. */
  unplaced: number[];
}

const MIN = 60_000;
const STEP = 5 * MIN;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an HH:MM text, or null. */
export function clockMinutes(text: string): number | null {
  const m = TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The instant a local wall-clock time of a date has in a zone (a time in a DST gap moves forward). */
export function localInstant(date: string, minutes: number, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, 0, zone).getTime();
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

const ceilStep = (t: number) => Math.ceil(t / STEP) * STEP;
const floorMinutes = (ms: number) => Math.floor(ms / STEP) * 5;

/** The windows of a date as instants, in order, clipped to start no earlier than `from`. */
function windowsOf(rule: WeekInput['rule'], date: string, zone: string, from: number): Interval[] {
  const out: Interval[] = [];
  for (const w of rule.windows) {
    const a = clockMinutes(w.start);
    const b = clockMinutes(w.end);
    if (a === null || b === null || b <= a) continue;
    const start = Math.max(localInstant(date, a, zone), from);
    const end = localInstant(date, b, zone);
    if (end > start) out.push({ start, end });
  }
  return out.sort((x, y) => x.start - y.start || x.end - y.end);
}

/** The free stretches of a window: the window less the blocked intervals (sorted by start). */
function freeIn(window: Interval, blocked: Interval[]): Interval[] {
  const out: Interval[] = [];
  let from = window.start;
  for (const b of blocked) {
    if (b.end <= from) continue;
    if (b.start >= window.end) break;
    if (b.start > from) out.push({ start: from, end: Math.min(b.start, window.end) });
    from = Math.max(from, b.end);
    if (from >= window.end) break;
  }
  if (from < window.end) out.push({ start: from, end: window.end });
  return out;
}

/** Busy time widened by the buffer on both sides, merged and sorted. */
export function blockedTime(busy: Interval[], bufferMinutes: number): Interval[] {
  const pad = bufferMinutes * MIN;
  const sorted = busy
    .filter((b) => Number.isFinite(b.start) && Number.isFinite(b.end) && b.end > b.start)
    .map((b) => ({ start: b.start - pad, end: b.end + pad }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const b of sorted) {
    const last = merged[merged.length - 1];
    if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
    else merged.push({ ...b });
  }
  return merged;
}

/**
 * The place a session gets on a date, or null: the earliest that takes the preferred length,
 * else the longest free stretch of at least the minimum (the earlier of equal ones).
 */
export function placeOnDay(
  rule: WeekInput['rule'],
  date: string,
  zone: string,
  now: number,
  blocked: Interval[],
): { start: number; end: number; minutes: number } | null {
  const stretches = windowsOf(rule, date, zone, ceilStep(now)).flatMap((w) =>
    freeIn(w, blocked)
      .map((f) => ({ start: ceilStep(f.start), end: f.end }))
      .filter((f) => f.end > f.start),
  );
  for (const f of stretches) {
    if (f.end - f.start >= rule.preferred_minutes * MIN) {
      return { start: f.start, end: f.start + rule.preferred_minutes * MIN, minutes: rule.preferred_minutes };
    }
  }
  let best: { start: number; end: number; minutes: number } | null = null;
  for (const f of stretches) {
    const minutes = Math.min(floorMinutes(f.end - f.start), rule.preferred_minutes);
    if (minutes >= rule.min_minutes && (!best || minutes > best.minutes)) {
      best = { start: f.start, end: f.start + minutes * MIN, minutes };
    }
  }
  return best;
}

/** The dates of the week (Monday first). */
export const weekDates = (weekStart: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, k - 1).map((c) => [first, ...c]), ...combinations(rest, k)];
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * How a choice of days scores: fewer back-to-back pairs, more minutes, wider smallest gap (the
 * earliest days win a tie). Weeks follow each other, so the gap from the last day to the first
 * of the next week counts: Monday, Thursday and Sunday leave no rest between Sunday and Monday.
 */
function score(days: number[], minutes: number): [number, number, number] {
  const sorted = [...days].sort((a, b) => a - b);
  let adjacent = 0;
  let smallestGap = 7;
  for (let i = 0; i < sorted.length && sorted.length > 1; i++) {
    const next = i + 1 < sorted.length ? (sorted[i + 1] as number) : (sorted[0] as number) + 7;
    const gap = next - (sorted[i] as number);
    if (gap <= 1) adjacent++;
    smallestGap = Math.min(smallestGap, gap);
  }
  return [adjacent, -minutes, -smallestGap];
}

/** Places the week's sessions still to place (see the module comment). */
export function planTrainingWeek(input: WeekInput): WeekResult {
  const { rule, zone, now } = input;
  const blocked = blockedTime(
    [...input.busy, ...input.kept.map((k) => ({ start: k.start, end: k.end }))],
    rule.buffer_minutes,
  );
  const keptDates = new Set(input.kept.map((k) => k.date));
  const candidates = weekDates(input.weekStart)
    .filter((date) => rule.days.includes(isoWeekday(date)) && !keptDates.has(date))
    .flatMap((date) => {
      const place = placeOnDay(rule, date, zone, now, blocked);
      return place ? [{ date, ...place }] : [];
    });
  const toPlace = [...input.toPlace].sort((a, b) => a - b);
  const k = Math.min(toPlace.length, candidates.length);
  const keptDays = input.kept.map((s) => dayNumber(s.date));
  let best: { choice: typeof candidates; key: [number, number, number] } | null = null;
  // At most 7 candidate days: C(7, k) ≤ 35 choices. Combinations come earliest days first, so
  // the first of equal scores is the earliest.
  for (const choice of combinations(candidates, k)) {
    const key = score(
      [...keptDays, ...choice.map((c) => dayNumber(c.date))],
      choice.reduce((sum, c) => sum + c.minutes, 0),
    );
    if (
      !best ||
      key[0] < best.key[0] ||
      (key[0] === best.key[0] && (key[1] < best.key[1] || (key[1] === best.key[1] && key[2] < best.key[2])))
    ) {
      best = { choice, key };
    }
  }
  const chosen = best?.choice ?? [];
  return {
    placed: chosen.map((c, i) => ({
      index: toPlace[i] as number,
      date: c.date,
      start: c.start,
      end: c.end,
      minutes: c.minutes,
    })),
    unplaced: toPlace.slice(k),
  };
}

/**
 * A new place for one session whose time is no longer free (a meeting moved onto it): on its own
 * date first, then on the following allowed days of the week without a session, then on the
 * earlier ones still ahead; null when the week has none (the session is released).
 */
export function relocateSession(
  input: Omit<WeekInput, 'toPlace'> & { session: { index: number; date: string } },
): PlacedSession | null {
  const { rule, zone, now, session } = input;
  const blocked = blockedTime(
    [...input.busy, ...input.kept.map((k) => ({ start: k.start, end: k.end }))],
    rule.buffer_minutes,
  );
  const keptDates = new Set(input.kept.map((k) => k.date));
  const dates = weekDates(input.weekStart);
  const later = dates.filter((d) => d > session.date);
  const earlier = dates.filter((d) => d < session.date);
  for (const date of [session.date, ...later, ...earlier]) {
    if (date !== session.date && (keptDates.has(date) || !rule.days.includes(isoWeekday(date)))) continue;
    if (date !== session.date && date < dateInZone(now, zone)) continue;
    const place = placeOnDay(rule, date, zone, now, blocked);
    if (place) return { index: session.index, date, ...place };
  }
  return null;
}

/** Whether an interval meets busy time (with the buffer). */
export function collides(session: Interval, busy: Interval[], bufferMinutes: number): boolean {
  const pad = bufferMinutes * MIN;
  return busy.some((b) => b.start - pad < session.end && b.end + pad > session.start);
}
