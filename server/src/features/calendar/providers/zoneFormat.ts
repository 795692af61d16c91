/**
 * Instants written in a user's zone, fast (a list of 500 events formats 1,000 instants per
 * request): the zone's UTC offset is looked up once per zone and 15-minute slot (zone
 * transitions fall on such slots) through a cached Intl formatter, then the wall clock is the
 * shifted instant written by the engine's own ISO formatter.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The wall clock of an instant in a zone. */
function wallClock(ms: number, zone: string) {
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year ?? 0, mo: p.month ?? 1, d: p.day ?? 1, h: p.hour ?? 0, mi: p.minute ?? 0, s: p.second ?? 0 };
}

const SLOT_MS = 15 * 60_000;
/** Per zone: slot number → minutes east of UTC. */
const offsets = new Map<string, Map<number, number>>();
const MAX_CACHED = 50_000;

/** Minutes east of UTC of a zone at an instant. */
export function offsetMinutes(ms: number, zone: string): number {
  let byZone = offsets.get(zone);
  if (!byZone) {
    byZone = new Map();
    offsets.set(zone, byZone);
  }
  const slotNo = Math.floor(ms / SLOT_MS);
  const cached = byZone.get(slotNo);
  if (cached !== undefined) return cached;
  const slot = slotNo * SLOT_MS;
  const w = wallClock(slot, zone);
  const offset = Math.round((Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - slot) / 60_000);
  if (byZone.size > MAX_CACHED) byZone.clear();
  byZone.set(slotNo, offset);
  return offset;
}

const offsetTexts = new Map<number, string>();
/** '+05:30', '-04:00', or 'Z' for none. */
function offsetText(offsetMin: number): string {
  let text = offsetTexts.get(offsetMin);
  if (text === undefined) {
    const abs = Math.abs(offsetMin);
    text = offsetMin === 0 ? 'Z' : `${offsetMin < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    offsetTexts.set(offsetMin, text);
  }
  return text;
}

/**
 * Stored instants already written in a zone, per zone: lists show the same cached events on
 * every read, and a lookup is a fraction of parsing and writing the instant again.
 */
const written = new Map<string, Map<string, string>>();
const WRITTEN_MAX = 20_000;

/** 2026-03-10T09:00:00-04:00: the instant with the zone's offset at that instant ('Z' for none). */
export function isoInZone(instant: string | number, zone: string): string {
  if (typeof instant === 'number') return writeInZone(instant, zone);
  let byZone = written.get(zone);
  if (!byZone) {
    byZone = new Map();
    written.set(zone, byZone);
  }
  let text = byZone.get(instant);
  if (text === undefined) {
    text = writeInZone(Date.parse(instant), zone);
    if (byZone.size >= WRITTEN_MAX) byZone.clear();
    byZone.set(instant, text);
  }
  return text;
}

function writeInZone(ms: number, zone: string): string {
  const offsetMin = offsetMinutes(ms, zone);
  // The wall clock is the instant shifted by the offset, written as if it were UTC.
  const l = new Date(Math.floor(ms / 1000) * 1000 + offsetMin * 60_000);
  const year = l.getUTCFullYear();
  if (year >= 0 && year <= 9999) return `${l.toISOString().slice(0, 19)}${offsetText(offsetMin)}`;
  return `${pad(year, 4)}-${pad(l.getUTCMonth() + 1)}-${pad(l.getUTCDate())}T${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}:${pad(l.getUTCSeconds())}${offsetText(offsetMin)}`;
}

/** The calendar day of an instant in a zone. */
export const dateOfInstant = (instant: string | number, zone: string) => isoInZone(instant, zone).slice(0, 10);
