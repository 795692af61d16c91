import timezonesModule, { type Timezone } from 'timezones.json';
import { findIana } from 'windows-iana';
import { canonicalTimeZone } from '#common/time.js';

/**
 * The IANA zone a calendar's TZID names, as real exports write them:
 * - IANA names in any case, with the prefixes old clients put before them
 *   (`/mozilla.org/20050126_1/Europe/Berlin`, `/softwarestudio.org/Olson_20011030_5/…`) and the
 *   quotes or spaces some leave around them;
 * - Windows names (Outlook, Exchange, Teams) through CLDR's windowsZones mapping
 *   (`windows-iana`), with the variants Outlook and Webex write: a number after the name
 *   (`W. Europe Standard Time 1`) and the short form (`Pacific Time`, `Eastern Daylight Time`);
 * - Outlook's display names (`(UTC-05:00) Eastern Time (US & Canada)`,
 *   `(GMT+10:00) Canberra, Melbourne, Sydney`, also translated ones) by the Windows display
 *   names (`timezones.json`), else by a city they list whose IANA zone has that standard offset.
 * Null when none of these applies: the caller then uses the file's VTIMEZONE of that name.
 */
const cache = new Map<string, string | null>();

// A CommonJS module whose types declare a default export: the list itself at run time.
const timezones: Timezone[] = Array.isArray(timezonesModule)
  ? timezonesModule
  : (timezonesModule as unknown as { default: Timezone[] }).default;

export function ianaZoneOf(tzid: string): string | null {
  let found = cache.get(tzid);
  if (found === undefined) {
    found = resolve(tzid);
    if (cache.size > 5000) cache.clear();
    cache.set(tzid, found);
  }
  return found;
}

/** The text without spaces and double quotes around it (a loop: a pattern for it backtracks). */
export function withoutQuotes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === '"' || text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && (text[end - 1] === '"' || text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(start, end);
}

function resolve(tzid: string): string | null {
  const name = withoutQuotes(tzid);
  if (!name) return null;
  return ianaByName(name) ?? windowsZone(name) ?? displayNameZone(name);
}

/** An IANA name, alone or after a path prefix (the last one, two or three segments). */
function ianaByName(name: string): string | null {
  const direct = canonicalTimeZone(name);
  if (direct) return direct;
  if (!name.includes('/')) return null;
  const parts = name.split('/').filter(Boolean);
  for (let n = Math.min(3, parts.length); n >= 2; n--) {
    const zone = canonicalTimeZone(parts.slice(-n).join('/'));
    if (zone) return zone;
  }
  // Exchange's `tzone://Microsoft/Utc`.
  return /^(utc|gmt)$/i.test(parts.at(-1) ?? '') ? 'UTC' : null;
}

const windowsFirst = (name: string) => findIana(name)[0] ?? null;

function windowsZone(name: string): string | null {
  const plain = name.replace(/\s+/g, ' ');
  const exact = windowsFirst(plain);
  if (exact) return exact;
  // `W. Europe Standard Time 1`: Outlook numbers a second definition of one zone.
  const unnumbered = plain.replace(/ \d+$/, '');
  if (unnumbered !== plain) return windowsZone(unnumbered);
  // `Pacific Time`, `Eastern Daylight Time`: the zone's short or summer name.
  const short = /^(.*?) (Daylight |Standard )?Time$/i.exec(plain);
  if (short?.[1]) return windowsFirst(`${short[1]} Standard Time`);
  return null;
}

const normalText = (text: string) =>
  text
    .replace(/^\(GMT/i, '(UTC')
    .replace(/^\(UTC\)/i, '(UTC+00:00)')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

interface DisplayName {
  zone: string;
  offset: number;
  places: Set<string>;
}

let displayNameList: Map<string, DisplayName> | null = null;

/** Windows display names (normalised) with their zone, offset and the places they list. */
function displayNames(): Map<string, DisplayName> {
  if (!displayNameList) {
    displayNameList = new Map();
    for (const z of timezones) {
      const zone = windowsFirst(z.value) ?? z.utc[0];
      const m = DISPLAY_RE.exec(z.text);
      const key = normalText(z.text);
      if (!zone || !m || displayNameList.has(key)) continue;
      displayNameList.set(key, { zone, offset: offsetOf(m), places: new Set(placesOf(m[4] ?? '')) });
    }
  }
  return displayNameList;
}

const placesOf = (text: string) =>
  text
    .split(/[,:()&]|\bund\b|\band\b/i)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);

const offsetOf = (m: RegExpExecArray) => (m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0);

// The text after the offset is group 4, trimmed where it is used.
const DISPLAY_RE = /^\((?:UTC|GMT)(?:([+-])(\d{1,2}):?(\d{2}))?\)(.*)$/i;

function displayNameZone(name: string): string | null {
  const m = DISPLAY_RE.exec(name.replace(/\s+/g, ' '));
  if (!m) return null;
  const names = displayNames();
  const known = names.get(normalText(name));
  if (known) return known.zone;
  const offset = offsetOf(m);
  const places = placesOf(m[4] ?? '');
  // `(UTC) Dublin, Edinburgh, Lisbon, London` (an older wording): the display name of that
  // offset sharing the most places with it.
  let best: DisplayName | null = null;
  let bestShared = 0;
  for (const d of names.values()) {
    if (d.offset !== offset) continue;
    const shared = places.filter((p) => d.places.has(p)).length;
    if (shared > bestShared) [best, bestShared] = [d, shared];
  }
  if (best) return best.zone;
  // `(UTC+01:00) Amsterdam, Berlin, Bern, Rom, Stockholm, Wien` in another language: the first
  // listed city that is an IANA zone with this standard offset.
  for (const place of places) {
    const zone = zoneOfCity(place);
    if (zone && standardOffset(zone) === offset) return zone;
  }
  return null;
}

let byCity: Map<string, string> | null = null;

function zoneOfCity(city: string): string | null {
  if (!city) return null;
  if (!byCity) {
    byCity = new Map();
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const last = zone.split('/').pop() ?? zone;
      const key = last.replace(/_/g, ' ').toLowerCase();
      if (!byCity.has(key)) byCity.set(key, zone);
    }
  }
  return byCity.get(city.toLowerCase()) ?? null;
}

/** Minutes east of UTC outside summer time (the smaller of January's and July's offsets). */
export function standardOffset(zone: string, year = new Date().getUTCFullYear()): number {
  return Math.min(offsetAt(zone, Date.UTC(year, 0, 15)), offsetAt(zone, Date.UTC(year, 6, 15)));
}

function offsetAt(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts ?? '');
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * A name that is only an offset (`GMT+05:30`, `UTC-03:00`, `(UTC+03:00)` with nothing
 * recognisable after it): minutes east of UTC, else null. Such names are read at that fixed
 * offset when the file has no VTIMEZONE for them.
 */
export function offsetOfName(tzid: string): number | null {
  const name = withoutQuotes(tzid);
  const m =
    /^(?:UTC|GMT)(?:\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/i.exec(name) ??
    /^\((?:UTC|GMT)(?:\s*([+-])(\d{1,2})(?::?(\d{2}))?)?\)/i.exec(name);
  if (!m) return null;
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (minutes > 14 * 60) return null;
  return (m[1] === '-' ? -1 : 1) * minutes;
}
