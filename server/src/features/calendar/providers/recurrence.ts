import ICAL from 'ical.js';
import { addDays } from '#common/time.js';
import { type CalendarZones, floatingTime, type Zone } from './icalZones.js';

/**
 * One event's occurrences, as the big clients read a series. ical.js parses the values and
 * iterates each RRULE (`ICAL.RecurIterator`); what it does not do for real files is here:
 * - every value is read in its own zone (icalZones.ts), so an EXDATE or RECURRENCE-ID in UTC
 *   against a series in a named zone matches its occurrence, and an UNTIL in UTC ends a series
 *   written in local time where it should;
 * - an override whose RECURRENCE-ID differs in type from the series (a date-time on an all-day
 *   series, as Outlook writes it, or a date on a timed one) matches the occurrence of that day;
 * - the same RRULE twice is counted once, the occurrences of several rules and RDATEs once each;
 * - `DURATION` stands for `DTEND`; overrides whose series is not in the file, and overrides that
 *   match no occurrence, are shown on their own; `STATUS:CANCELLED` hides a series or one
 *   occurrence;
 * - with `X-WR-TIMEZONE`, a series whose start is written in UTC repeats in that zone's wall
 *   clock (Google exports them so; Google and Apple read them so).
 */

/** An occurrence's start or end: a date (all-day) or an instant (ms). */
export type When = { date: string } | { ms: number };

export interface Occurrence {
  /** The component whose details the occurrence shows (the series, or its override). */
  comp: ICAL.Component;
  start: When;
  end: When;
  /** The occurrence's original start in the series (its id), null for a single event. */
  original: When | null;
}

/**
 * How many occurrences one series may walk through (an hourly series over the cached window
 * needs about 13,500), and all the series of one reading together: a rule repeating every second
 * since 2020 must not hold a refresh for minutes. A series that would need more is left out and
 * reported.
 */
export const SERIES_BUDGET = 20_000;
export const READING_BUDGET = 300_000;

/** What is left of a reading's budget. */
export interface Budget {
  left: number;
}

/** A reason an event cannot be read, in words for the user. */
export class UnreadableEvent extends Error {}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const dateOfTime = (t: ICAL.Time) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
const keyOf = (w: When) => ('date' in w ? w.date : w.ms);

interface Series {
  allDay: boolean;
  /** The zone the series repeats in (null for all-day). */
  zone: Zone | null;
  /** The start as a floating wall clock (a date for all-day). */
  wall: ICAL.Time;
  /** Length: whole days (all-day) or ms. */
  length: number;
}

/** What a date or date-time property value says, read in its own zone. */
function whenOf(t: ICAL.Time, tzid: unknown, zones: CalendarZones): When {
  if (t.isDate) return { date: dateOfTime(t) };
  return { ms: zones.zoneOfTime(t, tzid).instantOf(t) };
}

function floatingWall(t: ICAL.Time): ICAL.Time {
  return ICAL.Time.fromData({
    year: t.year,
    month: t.month,
    day: t.day,
    hour: t.isDate ? 0 : t.hour,
    minute: t.isDate ? 0 : t.minute,
    second: t.isDate ? 0 : t.second,
    isDate: t.isDate,
  });
}

const timeOf = (comp: ICAL.Component, name: string) => {
  const prop = comp.getFirstProperty(name);
  const v = prop?.getFirstValue();
  return v instanceof ICAL.Time ? { t: v, tzid: prop?.getParameter('tzid') } : null;
};

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

function durationMs(comp: ICAL.Component): number | null {
  const d = comp.getFirstPropertyValue('duration');
  return d instanceof ICAL.Duration ? d.toSeconds() * 1000 : null;
}

/** A component's own start and end, as a single event reads them. */
export function ownTimes(comp: ICAL.Component, zones: CalendarZones): { start: When; end: When } {
  const s = timeOf(comp, 'dtstart');
  if (!s) throw new UnreadableEvent('it has no start');
  const start = whenOf(s.t, s.tzid, zones);
  const e = timeOf(comp, 'dtend') ?? timeOf(comp, 'due');
  const length = durationMs(comp);
  if ('date' in start) {
    let days = 1;
    if (e) days = daysBetween(start.date, e.t.isDate ? dateOfTime(e.t) : dateOfTime(e.t));
    else if (length !== null) days = Math.ceil(length / 86_400_000);
    return { start, end: { date: addDays(start.date, Math.max(1, days)) } };
  }
  let endMs = start.ms;
  if (e) {
    const end = whenOf(e.t, e.tzid, zones);
    endMs = 'ms' in end ? end.ms : zones.zoneOfTime(s.t, s.tzid).instantOf(floatingWall(e.t));
  } else if (length !== null) endMs = start.ms + length;
  return { start, end: { ms: Math.max(start.ms, endMs) } };
}

function seriesOf(master: ICAL.Component, zones: CalendarZones, recurring: boolean): Series {
  const s = timeOf(master, 'dtstart');
  if (!s) throw new UnreadableEvent('it has no start');
  const own = ownTimes(master, zones);
  if (s.t.isDate) {
    const days = 'date' in own.end && 'date' in own.start ? daysBetween(own.start.date, own.end.date) : 1;
    return { allDay: true, zone: null, wall: floatingWall(s.t), length: days };
  }
  let zone = zones.zoneOfTime(s.t, s.tzid);
  // Google exports a series with X-WR-TIMEZONE and its start in UTC; it repeats in the calendar's zone.
  if (recurring && s.t.zone === ICAL.Timezone.utcTimezone && zones.calendarZone) zone = zones.calendarZone;
  const startMs = 'ms' in own.start ? own.start.ms : 0;
  const endMs = 'ms' in own.end ? own.end.ms : startMs;
  return { allDay: false, zone, wall: zone.wallOf(startMs), length: endMs - startMs };
}

/** The values of every property of a name (EXDATE and RDATE may repeat, each with a list). */
function valuesOf(comp: ICAL.Component, name: string): Array<{ t: ICAL.Time; tzid: unknown; end?: ICAL.Time }> {
  const out: Array<{ t: ICAL.Time; tzid: unknown; end?: ICAL.Time }> = [];
  for (const prop of comp.getAllProperties(name)) {
    const tzid = prop.getParameter('tzid');
    for (const v of prop.getValues()) {
      if (v instanceof ICAL.Time) out.push({ t: v, tzid });
      else if (v instanceof ICAL.Period) out.push({ t: v.start, tzid, end: v.getEnd() });
    }
  }
  return out;
}

/** A value as a key of the series: its date (all-day series) or its instant. */
function keyIn(series: Series, v: { t: ICAL.Time; tzid: unknown }, zones: CalendarZones): string | number {
  if (series.allDay) return dateOfTime(v.t);
  if (v.t.isDate) return (series.zone as Zone).instantOf(floatingWall(v.t));
  if (v.t.zone !== ICAL.Timezone.utcTimezone && typeof v.tzid !== 'string') {
    return (series.zone as Zone).instantOf(v.t);
  }
  return zones.zoneOfTime(v.t, v.tzid).instantOf(v.t);
}

const STEP_MS: Partial<Record<string, number>> = {
  SECONDLY: 1000,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: 86_400_000,
  WEEKLY: 7 * 86_400_000,
};

/**
 * Where to start iterating a rule: for a rule without COUNT that repeats by a fixed step
 * (SECONDLY to WEEKLY), a whole number of steps later, just before the window (a daily
 * series since 2010 need not be walked through from 2010). The occurrences from there are the
 * rule's own: the periods keep their alignment, and the new start (which ical.js always returns
 * first) lies before the window, where nothing is kept.
 */
function closeToWindow(rule: ICAL.Recur, wall: ICAL.Time, windowStart: number): ICAL.Time {
  const unit = rule.freq ? STEP_MS[rule.freq] : undefined;
  if (!unit || rule.count) return wall.clone();
  const step = unit * Math.max(1, rule.interval || 1);
  const from = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const steps = Math.floor((windowStart - 2 * 86_400_000 - step - from) / step);
  if (steps <= 0) return wall.clone();
  return floatingTime(from + steps * step, wall.isDate);
}

/** The rule's UNTIL as a wall clock of the series, so ical.js compares like with like. */
function untilInSeries(rule: ICAL.Recur, series: Series): void {
  const until = rule.until;
  if (!until) return;
  if (series.allDay) {
    rule.until = ICAL.Time.fromData({ year: until.year, month: until.month, day: until.day, isDate: true });
  } else if (until.isDate) {
    // A date ends a timed series after that whole day.
    rule.until = ICAL.Time.fromData({
      year: until.year,
      month: until.month,
      day: until.day,
      hour: 23,
      minute: 59,
      second: 59,
    });
  } else if (until.zone === ICAL.Timezone.utcTimezone) {
    rule.until = (series.zone as Zone).wallOf(until.toUnixTime() * 1000);
  } else {
    rule.until = floatingWall(until);
  }
}

/**
 * Occurrence starts (by key) of the series' rules, RDATEs and own start, through the window's
 * end; and the ends of those an RDATE gave as a period (`RDATE;VALUE=PERIOD`), which keep their
 * own length.
 */
function startsOf(
  master: ICAL.Component,
  series: Series,
  zones: CalendarZones,
  window: { start: number; end: number },
  budget: Budget,
): { starts: Map<string | number, When>; periodEnds: Map<string | number, When> } {
  const windowStart = window.start;
  const windowEnd = window.end;
  const starts = new Map<string | number, When>();
  const periodEnds = new Map<string | number, When>();
  const add = (w: When) => starts.set(keyOf(w), w);
  const fromWall = (wall: ICAL.Time): When =>
    series.allDay ? { date: dateOfTime(wall) } : { ms: (series.zone as Zone).instantOf(wall) };
  add(fromWall(series.wall));
  // The window's end as a wall clock, with a day to spare for any zone's offset.
  const lastWall = ICAL.Time.fromJSDate(new Date(windowEnd + 86_400_000), true);
  const rules = new Set<string>();
  for (const prop of master.getAllProperties('rrule')) {
    const value = prop.getFirstValue();
    if (!(value instanceof ICAL.Recur) || rules.has(value.toString())) continue;
    rules.add(value.toString());
    const rule = value.clone();
    untilInSeries(rule, series);
    const it = rule.iterator(closeToWindow(rule, series.wall, windowStart));
    for (let walked = 0; ; walked++) {
      const next = it.next();
      if (!next) break;
      if (walked >= SERIES_BUDGET || --budget.left < 0) throw new UnreadableEvent('it repeats too often to be read');
      if (next.compare(lastWall) > 0) break;
      add(fromWall(next));
    }
  }
  for (const v of valuesOf(master, 'rdate')) {
    if (series.allDay) {
      add({ date: dateOfTime(v.t) });
      continue;
    }
    const ms = keyIn(series, v, zones) as number;
    add({ ms });
    if (v.end) periodEnds.set(ms, { ms: Math.max(ms, zones.zoneOfTime(v.end, v.tzid).instantOf(v.end)) });
  }
  for (const v of valuesOf(master, 'exdate')) starts.delete(keyIn(series, v, zones));
  return { starts, periodEnds };
}

const isCancelled = (comp: ICAL.Component) =>
  String(comp.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

const sequenceOf = (comp: ICAL.Component) => Number(comp.getFirstPropertyValue('sequence') ?? 0) || 0;

/**
 * Every occurrence of a series (its master and overrides) that may overlap the window (and
 * some before it); the caller keeps those that do. Throws UnreadableEvent with the reason.
 */
export function occurrencesOf(
  master: ICAL.Component | null,
  overrides: ICAL.Component[],
  zones: CalendarZones,
  window: { start: number; end: number },
  budget: Budget,
): Occurrence[] {
  if (!master) {
    return overrides
      .filter((o) => !isCancelled(o))
      .map((o) => {
        const rid = valuesOf(o, 'recurrence-id')[0];
        return { comp: o, ...ownTimes(o, zones), original: rid ? whenOf(rid.t, rid.tzid, zones) : null };
      });
  }
  const recurring = master.hasProperty('rrule') || master.hasProperty('rdate');
  if (!recurring) {
    if (isCancelled(master)) return [];
    return [{ comp: master, ...ownTimes(master, zones), original: null }];
  }
  const series = seriesOf(master, zones, recurring);
  const { starts, periodEnds } = startsOf(master, series, zones, window, budget);

  // Each override replaces the occurrence it names; the highest SEQUENCE wins among several.
  const replaced = new Map<string | number, ICAL.Component>();
  const orphans: ICAL.Component[] = [];
  for (const o of [...overrides].sort((a, b) => sequenceOf(a) - sequenceOf(b))) {
    const rid = valuesOf(o, 'recurrence-id')[0];
    if (!rid) continue;
    const key = matchKey(series, rid, starts, zones);
    if (key === null) orphans.push(o);
    else replaced.set(key, o);
  }

  const out: Occurrence[] = [];
  if (isCancelled(master)) return out;
  for (const [key, original] of starts) {
    const o = replaced.get(key);
    if (o) {
      if (!isCancelled(o)) out.push({ comp: o, ...overrideTimes(o, original, series, zones), original });
      continue;
    }
    out.push({ comp: master, start: original, end: periodEnds.get(key) ?? endOf(original, series), original });
  }
  for (const o of orphans) {
    if (isCancelled(o)) continue;
    const rid = valuesOf(o, 'recurrence-id')[0] as { t: ICAL.Time; tzid: unknown };
    const original: When = series.allDay ? { date: dateOfTime(rid.t) } : { ms: keyIn(series, rid, zones) as number };
    out.push({ comp: o, ...overrideTimes(o, original, series, zones), original });
  }
  return out;
}

function endOf(start: When, series: Series): When {
  return 'date' in start ? { date: addDays(start.date, Math.max(1, series.length)) } : { ms: start.ms + series.length };
}

/**
 * The occurrence an override's RECURRENCE-ID names: the one at that instant (or date), else, when
 * the types differ or the value is off by a zone, the one on the same day of the series' zone.
 */
function matchKey(
  series: Series,
  rid: { t: ICAL.Time; tzid: unknown },
  starts: Map<string | number, When>,
  zones: CalendarZones,
): string | number | null {
  const key = keyIn(series, rid, zones);
  if (starts.has(key)) return key;
  if (series.allDay) return null;
  const day = rid.t.isDate ? dateOfTime(rid.t) : dateOfTime((series.zone as Zone).wallOf(key as number));
  for (const [k, w] of starts) {
    if ('ms' in w && dateOfTime((series.zone as Zone).wallOf(w.ms)) === day) return k;
  }
  return null;
}

/** An override's times: its own, or the occurrence's where it does not say. */
function overrideTimes(o: ICAL.Component, original: When, series: Series, zones: CalendarZones) {
  if (!o.hasProperty('dtstart')) return { start: original, end: endOf(original, series) };
  return ownTimes(o, zones);
}
