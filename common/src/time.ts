import { TZDate } from '@date-fns/tz';
import ianaZoneNames from '@vvo/tzdb/time-zones-names.json' with { type: 'json' };

/**
 * Dates and time zones, the one place both sides compute "today", weeks and day ranges.
 * Dates are `YYYY-MM-DD` strings (a calendar day, no zone); instants are ISO-8601 UTC text.
 * "Today" and the bounds of a day depend on the user's IANA zone, never the server's.
 */

/** The zone of a user who never set one (and of clients that send none). */
export const DEFAULT_TIME_ZONE = 'UTC';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar day written YYYY-MM-DD (so 2026-02-30 and 9999-99-99 are not). */
export function isValidDate(date: string): boolean {
  // Checked by arithmetic (every route with a date checks it, some several times): years before
  // 0100 are refused, as Date.UTC reads them as 19xx.
  return dayNumberOf(date) !== null;
}

/** Days in a month (1–12) of the proleptic Gregorian calendar. */
function daysInMonth(y: number, month: number): number {
  if (month === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The name the runtime's time-zone data (ICU) gives a zone, or null when it knows none. */
function icuZoneName(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Today's IANA names (`@vvo/tzdb`, built from each tz database release): Asia/Kolkata, Europe/Kyiv. */
const IANA_NAMES: ReadonlySet<string> = new Set(ianaZoneNames as string[]);

let legacyNames: Map<string, string> | undefined;
/**
 * ICU's names that IANA has since renamed, to today's name: Asia/Calcutta → Asia/Kolkata,
 * Europe/Kiev → Europe/Kyiv… Browsers and Node list and resolve zones by ICU's older names, so
 * the pairs are found by resolving each IANA name the runtime does not list (some twenty).
 */
function legacyNameMap(): Map<string, string> {
  if (legacyNames) return legacyNames;
  const listed = new Set(Intl.supportedValuesOf('timeZone'));
  legacyNames = new Map();
  for (const name of IANA_NAMES) {
    if (listed.has(name)) continue;
    const icu = icuZoneName(name);
    if (icu && icu !== name && !IANA_NAMES.has(icu)) legacyNames.set(icu, name);
  }
  return legacyNames;
}

/** The older names of each renamed zone, by today's name ('Asia/Kolkata' → ['Asia/Calcutta']). */
export function zoneAliases(): ReadonlyMap<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [old, name] of legacyNameMap()) out.set(name, [...(out.get(name) ?? []), old]);
  return out;
}

/**
 * The canonical name of an IANA zone, or null when unknown: the spelling fixed
 * ('europe/paris' → 'Europe/Paris') and an outdated name given as today's ('Asia/Calcutta' →
 * 'Asia/Kolkata', 'Europe/Kiev' → 'Europe/Kyiv'). Every Intl and date-fns call accepts both.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone || zone.length > 64) return null;
  const icu = icuZoneName(zone);
  if (!icu || IANA_NAMES.has(icu)) return icu;
  return legacyNameMap().get(icu) ?? icu;
}

/** A zone's offset from UTC at an instant, in minutes (Asia/Kolkata: 330). */
export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = part?.match(/([+-])(\d{2}):?(\d{2})?/);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/** An offset as people write it: 330 → 'UTC+05:30', -300 → 'UTC-05:00', 0 → 'UTC+00:00'. */
export function offsetLabel(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export const isValidTimeZone = (zone: string) => canonicalTimeZone(zone) !== null;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The calendar day an instant falls on in a zone. */
export function dateInZone(instant: string | number | Date, zone: string): string {
  const t = new TZDate(new Date(instant).getTime(), zone);
  return dateOf(t.getFullYear(), t.getMonth() + 1, t.getDate());
}

/** Today's date in a zone. */
export const todayIn = (zone: string, now: number | Date = Date.now()) => dateInZone(now, zone);

/** Minutes since local midnight of an instant in a zone (for time-of-day rules). */
export function minutesInZone(instant: string | number | Date, zone: string): number {
  const t = new TZDate(new Date(instant).getTime(), zone);
  return t.getHours() * 60 + t.getMinutes();
}

const utcMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function addDays(date: string, days: number): string {
  // By arithmetic on day numbers (ten times faster than through Date; ranges, weeks and grids
  // add days many times per request) for real dates and whole days; anything else, through
  // Date as always (which is what a property test holds the arithmetic to).
  const n = Number.isInteger(days) ? dayNumberOf(date) : null;
  if (n !== null) {
    const result = civilFromDays(n + days);
    if (result.y >= 100 && result.y <= 9999) return dateOf(result.y, result.m, result.d);
  }
  return new Date(utcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a real date from the year 0100 on; null for any other text. */
function dayNumberOf(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const y = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (y < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(y, month)) return null;
  return daysFromCivil(y, month, day);
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** The date of a day number (H. Hinnant's civil_from_days). */
function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

/** Whole days from a to b (positive when b is later). */
export const daysBetween = (a: string, b: string) => Math.round((utcMs(b) - utcMs(a)) / DAY_MS);

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday; other texts through Date, as addDays.
  const n = dayNumberOf(date);
  return n === null ? new Date(utcMs(date)).getUTCDay() : (((n + 4) % 7) + 7) % 7;
}

/** The Sunday that starts the week of a date (the dashboard's 7-day grid). */
export const sundayOf = (date: string) => addDays(date, -dayOfWeek(date));

/** The Monday that starts the planning week of a date; a Sunday belongs to the previous Monday. */
export const mondayOf = (date: string) => addDays(date, -((dayOfWeek(date) + 6) % 7));

/** The instant a day starts in a zone (local midnight, or the first instant after a DST gap). */
export function startOfDayIn(date: string, zone: string): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  const local = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 0, 0, 0, zone);
  return new Date(local.getTime()).toISOString();
}

/** [start, end) of a range of days in a zone, as UTC instants; `to` is inclusive. */
export function dayRangeIn(from: string, to: string, zone: string): { start: string; end: string } {
  return { start: startOfDayIn(from, zone), end: startOfDayIn(addDays(to, 1), zone) };
}

/** The first day of the month of a date. */
export const monthStartOf = (date: string) => `${date.slice(0, 7)}-01`;
