import ICAL from 'ical.js';
import { offsetMinutes } from './zoneFormat.js';
import { ianaZoneOf, offsetOfName } from './zoneNames.js';

/**
 * The zones of one calendar file: what each TZID names, and the wall clock ↔ instant arithmetic
 * in it. A TZID is read as an IANA, Windows or Outlook display name (zoneNames.ts), else by the
 * file's own VTIMEZONE of that name, else, when the name is only an offset (`GMT+05:30`), at that
 * offset. A name none of these reads is remembered as unknown (reported on the connection) and
 * its times are read like floating times. Floating times are read in the calendar's zone: its
 * `X-WR-TIMEZONE` (as Google Calendar and Apple Calendar read it), else the user's.
 */
export interface Zone {
  /** The IANA name, when the zone has one (an event's `timeZone`). */
  iana: string | null;
  /** The instant (ms) of a wall clock in this zone. */
  instantOf(wall: ICAL.Time): number;
  /** The wall clock (a floating ICAL.Time) of an instant in this zone. */
  wallOf(ms: number): ICAL.Time;
}

const DAY_MS = 86_400_000;

const utcMsOf = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** The floating wall clock whose fields are those of `ms` read in UTC (a date when `isDate`). */
export function floatingTime(ms: number, isDate = false): ICAL.Time {
  const d = new Date(ms);
  return ICAL.Time.fromData({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    isDate,
  });
}

const ianaZones = new Map<string, Zone>();

/** An IANA zone. A wall clock in a spring gap is read with the offset before it, one that occurs twice as the first (RFC 5545 §3.3.5). */
export function ianaZone(name: string): Zone {
  let zone = ianaZones.get(name);
  if (!zone) {
    zone = {
      iana: name,
      instantOf(wall) {
        const asUtc = utcMsOf(wall);
        const before = offsetMinutes(asUtc - DAY_MS, name);
        const after = offsetMinutes(asUtc + DAY_MS, name);
        if (before === after) return asUtc - before * 60_000;
        const first = asUtc - before * 60_000;
        const second = asUtc - after * 60_000;
        if (offsetMinutes(first, name) === before) return first;
        if (offsetMinutes(second, name) === after) return second;
        return first;
      },
      wallOf(ms) {
        return floatingTime(ms + offsetMinutes(ms, name) * 60_000);
      },
    };
    ianaZones.set(name, zone);
  }
  return zone;
}

export const UTC_ZONE = ianaZone('UTC');

function fixedZone(minutes: number): Zone {
  return {
    iana: minutes === 0 ? 'UTC' : null,
    instantOf: (wall) => utcMsOf(wall) - minutes * 60_000,
    wallOf: (ms) => floatingTime(ms + minutes * 60_000),
  };
}

function vtimezoneZone(tz: ICAL.Timezone): Zone {
  return {
    iana: null,
    instantOf(wall) {
      const t = wall.clone();
      t.zone = tz;
      return t.toUnixTime() * 1000;
    },
    wallOf(ms) {
      const t = ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(tz);
      return floatingTime(utcMsOf(t));
    },
  };
}

export class CalendarZones {
  /** Floating times are read in this zone. */
  readonly floating: Zone;
  /** The zone X-WR-TIMEZONE names, when it names one. */
  readonly calendarZone: Zone | null;
  /** TZIDs that could not be read. */
  readonly unknown = new Set<string>();
  private readonly vtimezones = new Map<string, ICAL.Timezone>();
  private readonly byTzid = new Map<string, Zone | null>();

  constructor(root: ICAL.Component, userZone: string) {
    for (const vtz of root.getAllSubcomponents('vtimezone')) {
      try {
        const tz = new ICAL.Timezone(vtz);
        if (typeof tz.tzid === 'string') this.vtimezones.set(tz.tzid, tz);
      } catch {
        // A zone definition that cannot be read: its name is still tried below.
      }
    }
    const xwr = root.getFirstPropertyValue('x-wr-timezone');
    this.calendarZone = typeof xwr === 'string' && xwr.trim() ? this.named(xwr) : null;
    if (typeof xwr === 'string' && xwr.trim() && !this.calendarZone) this.unknown.add(xwr.trim().slice(0, 100));
    this.floating = this.calendarZone ?? ianaZone(userZone);
  }

  /** The zone a TZID names; the floating zone (and the name noted as unknown) when it names none. */
  zoneOf(tzid: string | undefined | null): Zone {
    if (tzid === undefined || tzid === null) return this.floating;
    return this.named(tzid) ?? this.noteUnknown(tzid);
  }

  private noteUnknown(tzid: string): Zone {
    this.unknown.add(tzid.trim().slice(0, 100) || '(empty)');
    return this.floating;
  }

  private named(tzid: string): Zone | null {
    let zone = this.byTzid.get(tzid);
    if (zone === undefined) {
      zone = this.resolve(tzid);
      this.byTzid.set(tzid, zone);
    }
    return zone;
  }

  private resolve(tzid: string): Zone | null {
    const iana = ianaZoneOf(tzid);
    if (iana) return ianaZone(iana);
    const vtz = this.vtimezones.get(tzid) ?? this.vtimezones.get(tzid.trim());
    if (vtz) return vtimezoneZone(vtz);
    const offset = offsetOfName(tzid);
    if (offset !== null) return fixedZone(offset);
    return null;
  }

  /**
   * The zone of a date-time value as parsed by ical.js: UTC when it says so, else its TZID
   * parameter's, else floating.
   */
  zoneOfTime(t: ICAL.Time, tzid: unknown): Zone {
    if (t.zone === ICAL.Timezone.utcTimezone) return UTC_ZONE;
    if (typeof tzid === 'string') return this.zoneOf(tzid);
    return this.floating;
  }
}
