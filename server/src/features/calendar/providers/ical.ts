import crypto from 'node:crypto';
import ICAL from 'ical.js';
import { addDays } from '#common/time.js';
import { readIcalText, type SkippedEvent } from './icalText.js';
import { CalendarZones } from './icalZones.js';
import {
  type Budget,
  type Occurrence,
  occurrencesOf,
  READING_BUDGET,
  UnreadableEvent,
  type When,
} from './recurrence.js';
import { type Attendee, isTimed, type ProviderEvent, type ReadIssues, type WriteEvent } from './types.js';
import { ianaZoneOf } from './zoneNames.js';

type Transparency = NonNullable<ProviderEvent['transparency']>;

/**
 * iCalendar (RFC 5545) as real calendars write it: the text read leniently (icalText.ts), zone
 * names as Outlook, Exchange, Google and Apple write them (icalZones.ts, zoneNames.ts), and each
 * event's occurrences as the big clients read a series (recurrence.ts). CalDAV servers such as
 * Radicale and .ics feeds hand back series, not occurrences, so Daymark expands them itself. One
 * event that cannot be read never hides the others: it is left out and reported in the issues.
 */

export interface ExpandOptions {
  window: { start: Date; end: Date };
  /** Floating times are read in this zone (the user's) unless the calendar names its own. */
  timeZone: string;
  /** Whether an attendee address (without mailto:) is the user's. */
  isSelf: (email: string) => boolean;
  /** The object's etag, copied to each event. */
  etag?: string | null;
  /** Prefixes event ids (several .ics files may reuse one UID). */
  idPrefix?: string;
}

export interface CalendarReading {
  events: ProviderEvent[];
  issues: ReadIssues;
}

function basicUtc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function text(comp: ICAL.Component, name: string): string | null {
  const v = comp.getFirstPropertyValue(name);
  return typeof v === 'string' && v.trim() ? v : null;
}

function mail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.replace(/^mailto:/i, '').trim() || undefined;
}

function people(comp: ICAL.Component, isSelf: (email: string) => boolean) {
  const organizerProp = comp.getFirstProperty('organizer');
  const organizerEmail = mail(organizerProp?.getFirstValue());
  const organizer = organizerProp
    ? { email: organizerEmail, displayName: (organizerProp.getParameter('cn') as string | undefined) ?? undefined }
    : null;
  const attendees: Attendee[] = comp.getAllProperties('attendee').map((p) => {
    const email = mail(p.getFirstValue());
    const partstat = p.getParameter('partstat');
    const a: Attendee = {
      email,
      displayName: (p.getParameter('cn') as string | undefined) ?? undefined,
      responseStatus: typeof partstat === 'string' ? partstatToGoogle(partstat) : 'needsAction',
    };
    if (email && isSelf(email)) a.self = true;
    if (email && organizerEmail && email.toLowerCase() === organizerEmail.toLowerCase()) a.organizer = true;
    return a;
  });
  return { attendees, organizer };
}

/** iCalendar PARTSTAT in Google's words, so every provider reports one vocabulary. */
function partstatToGoogle(p: string): string {
  switch (p.toUpperCase()) {
    case 'ACCEPTED':
      return 'accepted';
    case 'DECLINED':
      return 'declined';
    case 'TENTATIVE':
      return 'tentative';
    default:
      return 'needsAction';
  }
}

/** Every VEVENT of a calendar object (or a whole .ics feed) as events overlapping the window. */
export function readCalendar(source: string, opts: ExpandOptions): CalendarReading {
  const { root, skipped } = readIcalText(source);
  const zones = new CalendarZones(root, opts.timeZone);
  const out: ProviderEvent[] = [];
  const budget: Budget = { left: READING_BUDGET };
  const window = { start: opts.window.start.getTime(), end: opts.window.end.getTime() };
  for (const group of groupsOf(root.getAllSubcomponents('vevent'))) {
    try {
      const overrides = group.masters.length > 1 ? [] : group.overrides;
      const occurrences = group.masters.length
        ? group.masters.flatMap((m) => occurrencesOf(m, overrides, zones, window, budget))
        : occurrencesOf(null, group.overrides, zones, window, budget);
      const recurring = group.masters.some((m) => m.hasProperty('rrule') || m.hasProperty('rdate'));
      // An override says nothing of busy time unless it states it: then its series' word holds.
      const series = group.masters.length === 1 ? transparencyOf(group.masters[0] as ICAL.Component) : undefined;
      for (const o of occurrences) {
        const event = eventOf(o, group.uid, recurring || group.masters.length !== 1, opts, series);
        if (event) out.push(event);
      }
    } catch (err) {
      if (!(err instanceof UnreadableEvent)) throw err;
      const first = group.masters[0] ?? group.overrides[0];
      skipped.push(skippedOf(first, err.message));
    }
  }
  return {
    events: out,
    issues: { skipped: skipped.length, firstReason: skipped[0]?.reason ?? null, unknownZones: [...zones.unknown] },
  };
}

/** Every VEVENT of a calendar, for callers that need no issues. */
export function expandCalendar(source: string, opts: ExpandOptions): ProviderEvent[] {
  return readCalendar(source, opts).events;
}

function skippedOf(comp: ICAL.Component | undefined, why: string): SkippedEvent {
  const summary = comp ? text(comp, 'summary') : null;
  return { summary, reason: `${summary ? `“${summary.slice(0, 80)}”` : 'An event'}: ${why}` };
}

interface Group {
  uid: string;
  /** The series (or single event); several only when one UID names different events. */
  masters: ICAL.Component[];
  overrides: ICAL.Component[];
}

/**
 * VEVENTs by UID: each series with its overrides. An event without UID is its own group, named
 * by a hash of its text so its id stays the same across refreshes. One UID given to several
 * events (some feed generators do) keeps each once: copies of one event (same start) count
 * once, with the highest SEQUENCE.
 */
function groupsOf(vevents: ICAL.Component[]): Group[] {
  const byUid = new Map<string, Group>();
  for (const v of vevents) {
    const uid = text(v, 'uid') ?? `no-uid-${crypto.createHash('sha1').update(v.toString()).digest('hex').slice(0, 16)}`;
    let group = byUid.get(uid);
    if (!group) {
      group = { uid, masters: [], overrides: [] };
      byUid.set(uid, group);
    }
    if (v.hasProperty('recurrence-id')) group.overrides.push(v);
    else group.masters.push(v);
  }
  for (const group of byUid.values()) {
    if (group.masters.length < 2) continue;
    const byStart = new Map<string, ICAL.Component>();
    for (const m of group.masters) {
      const key = String(m.getFirstProperty('dtstart')?.toICALString() ?? '');
      const seen = byStart.get(key);
      if (!seen || sequenceOf(m) >= sequenceOf(seen)) byStart.set(key, m);
    }
    group.masters = [...byStart.values()];
  }
  return [...byUid.values()];
}

const sequenceOf = (comp: ICAL.Component) => Number(comp.getFirstPropertyValue('sequence') ?? 0) || 0;

/** Outlook's X-MICROSOFT-CDO-BUSYSTATUS values: only FREE leaves the time free. */
const BUSY_STATUS: Record<string, Transparency> = {
  FREE: 'transparent',
  BUSY: 'opaque',
  OOF: 'opaque',
  TENTATIVE: 'opaque',
  WORKINGELSEWHERE: 'opaque',
};

/**
 * Whether a component says it blocks time: its TRANSP (RFC 5545 §3.8.2.7), else, when it has
 * none, Outlook's X-MICROSOFT-CDO-BUSYSTATUS; undefined when it says neither (or a value
 * neither defines).
 */
function transparencyOf(comp: ICAL.Component): Transparency | undefined {
  const transp = String(comp.getFirstPropertyValue('transp') ?? '')
    .trim()
    .toUpperCase();
  if (transp === 'OPAQUE') return 'opaque';
  if (transp === 'TRANSPARENT') return 'transparent';
  const status = String(comp.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '')
    .trim()
    .toUpperCase();
  return Object.hasOwn(BUSY_STATUS, status) ? BUSY_STATUS[status] : undefined;
}

const ridOf = (w: When) => ('date' in w ? w.date.replace(/-/g, '') : basicUtc(new Date(w.ms)));

/**
 * An occurrence as the cache stores it, or null when it is outside the window. `series`: the
 * transparency its series states, which an override that states none keeps.
 */
function eventOf(
  o: Occurrence,
  uid: string,
  keyed: boolean,
  opts: ExpandOptions,
  series: Transparency | undefined,
): ProviderEvent | null {
  const windowStart = opts.window.start.getTime();
  const windowEnd = opts.window.end.getTime();
  const comp = o.comp;
  const transparency = transparencyOf(comp) ?? series;
  const base = {
    etag: opts.etag ?? null,
    summary: text(comp, 'summary') ?? '(No title)',
    description: text(comp, 'description'),
    location: text(comp, 'location'),
    htmlLink: text(comp, 'url'),
    ...people(comp, opts.isSelf),
    ...(transparency ? { transparency } : {}),
  };
  const declined = base.attendees.some((a) => a.self && a.responseStatus === 'declined');
  const prefix = opts.idPrefix ?? '';
  const original = o.original ?? (keyed ? o.start : null);
  const id = `${prefix}${original ? `${uid}_${ridOf(original)}` : uid}`;
  const recurringEventId = original ? `${prefix}${uid}` : null;
  if ('date' in o.start) {
    const startDate = o.start.date;
    let endDate = 'date' in o.end ? o.end.date : addDays(startDate, 1);
    if (endDate <= startDate) endDate = addDays(startDate, 1);
    if (Date.parse(`${endDate}T00:00:00Z`) + 14 * 3600_000 < windowStart) return null;
    if (Date.parse(`${startDate}T00:00:00Z`) - 14 * 3600_000 >= windowEnd) return null;
    return { ...base, id, recurringEventId, allDay: true, startDate, endDate, declined };
  }
  const start = o.start.ms;
  const end = 'ms' in o.end ? o.end.ms : start;
  if (end <= windowStart && start < windowStart) return null;
  if (start >= windowEnd) return null;
  const tz = comp.getFirstProperty('dtstart')?.getParameter('tzid');
  const zone = typeof tz === 'string' ? ianaZoneOf(tz) : null;
  return {
    ...base,
    id,
    recurringEventId,
    allDay: false,
    startAt: new Date(start).toISOString(),
    endAt: new Date(end).toISOString(),
    timeZone: zone ?? undefined,
    declined,
  };
}

/**
 * A VCALENDAR holding one VEVENT Daymark writes: all-day and free (a workout or journal day), or
 * timed in UTC and busy (a training session; clients show it in their own zone).
 */
export function buildEventIcs(uid: string, event: WriteEvent, now = new Date()): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//Daymark//Calendar//EN');
  cal.updatePropertyWithValue('version', '2.0');
  const v = new ICAL.Component('vevent');
  v.updatePropertyWithValue('uid', uid);
  v.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  if (isTimed(event)) {
    v.updatePropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(event.start), true));
    v.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(event.end), true));
  } else {
    v.updatePropertyWithValue('dtstart', ICAL.Time.fromDateString(event.date));
    v.updatePropertyWithValue('dtend', ICAL.Time.fromDateString(addDays(event.date, 1)));
  }
  v.updatePropertyWithValue('summary', event.summary);
  v.updatePropertyWithValue('description', event.description);
  v.updatePropertyWithValue('transp', isTimed(event) ? 'OPAQUE' : 'TRANSPARENT');
  cal.addSubcomponent(v);
  return cal.toString();
}
