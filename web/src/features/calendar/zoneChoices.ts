import { canonicalTimeZone, offsetLabel, zoneAliases, zoneOffsetMinutes } from '#common/time.js';

/** One zone of the picker: its canonical name, what it is shown and searched by. */
export interface ZoneChoice {
  /** The canonical IANA name saved (Asia/Kolkata). */
  name: string;
  /** The city as people write it (Kolkata, Buenos Aires); the name itself for UTC. */
  city: string;
  /** The rest of the name (Asia, America · Argentina). */
  region: string;
  /** Now's offset, 'UTC+05:30'. */
  offset: string;
  offsetMinutes: number;
  /** Older names of the zone (Asia/Calcutta). */
  aliases: string[];
  /** Lower-case text a query is matched against. */
  haystack: string;
  /** The browser's own zone. */
  browser: boolean;
}

const spaced = (s: string) => s.replaceAll('_', ' ');

/** The offset written the ways people type it: 'utc+05:30 +05:30 +5:30 +0530 gmt+5:30'. */
function offsetForms(label: string): string {
  const sign = label[3];
  const [h = '00', m = '00'] = label.slice(4).split(':');
  const short = `${sign}${Number(h)}${m === '00' ? '' : `:${m}`}`;
  return [label, label.slice(3), `${sign}${Number(h)}:${m}`, `${sign}${h}${m}`, short, `gmt${short}`].join(' ');
}

/**
 * Every zone the browser knows, by its canonical name (the runtime lists some by names IANA has
 * changed since: Asia/Calcutta is shown and saved as Asia/Kolkata), the browser's zone first,
 * then by name. `current` is always among them. Offsets are those of `now`.
 */
export function zoneChoices(current: string, browserZone: string, now = new Date()): ZoneChoice[] {
  const aliases = zoneAliases();
  const names = new Set<string>();
  for (const z of [...Intl.supportedValuesOf('timeZone'), 'UTC', current, browserZone]) {
    const name = canonicalTimeZone(z);
    if (name) names.add(name);
  }
  const browser = canonicalTimeZone(browserZone);
  const out = [...names].map((name): ZoneChoice => {
    const parts = name.split('/');
    const city = spaced(parts.at(-1) ?? name);
    const region = parts.slice(0, -1).map(spaced).join(' · ');
    const offsetMinutes = zoneOffsetMinutes(name, now);
    const offset = offsetLabel(offsetMinutes);
    const older = aliases.get(name) ?? [];
    const haystack = [name, spaced(name), ...older, ...older.map(spaced), offsetForms(offset)].join(' ').toLowerCase();
    return { name, city, region, offset, offsetMinutes, aliases: older, haystack, browser: name === browser };
  });
  return out.sort((a, b) => Number(b.browser) - Number(a.browser) || a.name.localeCompare(b.name));
}

/**
 * The zones matching every word of a query (city, region, offset or an older name): those whose
 * city starts with the query first ("tok" → Tokyo before Vostok), then those with a word of
 * their name starting with it, then the rest, each group in the list's order.
 */
export function filterZones(choices: readonly ZoneChoice[], query: string): ZoneChoice[] {
  const q = query.toLowerCase().replaceAll('_', ' ').trim();
  const words = q.split(/\s+/).filter(Boolean);
  if (!words.length) return [...choices];
  const rank = (c: ZoneChoice) => {
    if (c.city.toLowerCase().startsWith(q)) return 0;
    return c.haystack.split(/[\s/]+/).some((w) => w.startsWith(words[0] ?? '')) ? 1 : 2;
  };
  return choices
    .filter((c) => words.every((w) => c.haystack.includes(w)))
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}
