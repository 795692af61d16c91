import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { addDays, isValidTimeZone } from '../../../common/src/time.js';
import { type Attendee, CalendarError, type ProviderEvent, type WriteEvent } from './types.js';

/**
 * iCalendar (RFC 5545) through ical.js: parsing, and Daymark's own expansion of recurring events
 * (CalDAV servers such as Radicale return the series, not the occurrences). Handles RRULE, RDATE,
 * EXDATE, RECURRENCE-ID overrides (moved or cancelled occurrences), TZID zones (IANA names
 * directly, other names through the file's VTIMEZONE), all-day dates and floating times.
 */

export interface ExpandOptions {
  window: { start: Date; end: Date };
  /** Floating times are read in this zone (the user's). */
  timeZone: string;
  /** Whether an attendee address (without mailto:) is the user's. */
  isSelf: (email: string) => boolean;
  /** The object's etag, copied to each event. */
  etag?: string | null;
  /** Prefixes event ids (several .ics files may reuse one UID). */
  idPrefix?: string;
}

/** Occurrences past this many per series are not expanded (an endless daily rule from long ago). */
const MAX_ITERATIONS = 20_000;

export function parseCalendar(text: string): ICAL.Component {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (err) {
    throw new CalendarError(`The calendar data is not valid iCalendar: ${(err as Error).message}`);
  }
  const comp = new ICAL.Component(jcal as unknown[]);
  if (comp.name !== 'vcalendar') throw new CalendarError('The calendar data is not valid iCalendar: no VCALENDAR');
  return comp;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateOfTime = (t: ICAL.Time) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;

function tzidOf(comp: ICAL.Component, prop: string): string | undefined {
  const p = comp.getFirstProperty(prop);
  const v = p?.getParameter('tzid');
  return typeof v === 'string' ? v : undefined;
}

type Zones = Map<string, ICAL.Timezone>;

/** The instant of a date-time written in `tzid` (or floating, or UTC). */
function instantOf(t: ICAL.Time, tzid: string | undefined, zones: Zones, floatingZone: string): Date {
  if (t.zone === ICAL.Timezone.utcTimezone || (t as unknown as { timezone?: string }).timezone === 'Z')
    return t.toJSDate();
  if (tzid && zones.has(tzid) && !isValidTimeZone(tzid)) {
    const c = t.clone();
    c.zone = zones.get(tzid) as ICAL.Timezone;
    return c.toJSDate();
  }
  const zone = tzid && isValidTimeZone(tzid) ? tzid : floatingZone;
  return new Date(new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, zone).getTime());
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

interface Occurrence {
  item: ICAL.Event;
  start: ICAL.Time;
  end: ICAL.Time;
  recurrenceId: ICAL.Time | null;
}

/** Every VEVENT of a calendar object (or a whole .ics feed) as events overlapping the window. */
export function expandCalendar(source: string, opts: ExpandOptions): ProviderEvent[] {
  const root = parseCalendar(source);
  const zones: Zones = new Map();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(vtz);
    if (tz.tzid) zones.set(tz.tzid, tz);
  }
  const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
  for (const v of root.getAllSubcomponents('vevent')) {
    const uid = text(v, 'uid') ?? `no-uid-${byUid.size}`;
    const entry = byUid.get(uid) ?? { exceptions: [] };
    if (v.hasProperty('recurrence-id')) entry.exceptions.push(v);
    else entry.master = v;
    byUid.set(uid, entry);
  }

  const out: ProviderEvent[] = [];
  const windowStart = opts.window.start.getTime();
  const windowEnd = opts.window.end.getTime();
  for (const [uid, { master, exceptions }] of byUid) {
    const occurrences: Occurrence[] = [];
    if (master) {
      const event = new ICAL.Event(master);
      if (!event.startDate) continue;
      for (const ex of exceptions) event.relateException(ex);
      if (event.isRecurring()) {
        const it = event.iterator();
        for (let i = 0; i < MAX_ITERATIONS; i++) {
          const next = it.next();
          if (!next) break;
          const d = event.getOccurrenceDetails(next);
          occurrences.push({ item: d.item, start: d.startDate, end: d.endDate, recurrenceId: d.recurrenceId });
          const tz = tzidOf(d.item.component, 'dtstart') ?? tzidOf(master, 'dtstart');
          // The rule runs in order of the series' own times; stop once past the window
          // (a moved occurrence is still reported by its original slot).
          if (instantOf(next, tzidOf(master, 'dtstart') ?? tz, zones, opts.timeZone).getTime() > windowEnd) break;
        }
      } else {
        occurrences.push({ item: event, start: event.startDate, end: event.endDate, recurrenceId: null });
      }
    } else {
      // Overrides whose series is not in this object: show each as a single event.
      for (const ex of exceptions) {
        const e = new ICAL.Event(ex);
        occurrences.push({ item: e, start: e.startDate, end: e.endDate, recurrenceId: e.recurrenceId });
      }
    }

    const recurring = Boolean(master?.hasProperty('rrule') || master?.hasProperty('rdate'));
    for (const o of occurrences) {
      const comp = o.item.component;
      if ((text(comp, 'status') ?? '').toUpperCase() === 'CANCELLED') continue;
      const allDay = o.start.isDate;
      const base = {
        etag: opts.etag ?? null,
        summary: text(comp, 'summary') ?? '(No title)',
        description: text(comp, 'description'),
        location: text(comp, 'location'),
        htmlLink: text(comp, 'url'),
        ...people(comp, opts.isSelf),
      };
      const declined = base.attendees.some((a) => a.self && a.responseStatus === 'declined');
      const prefix = opts.idPrefix ?? '';
      if (allDay) {
        const startDate = dateOfTime(o.start);
        let endDate = o.end ? dateOfTime(o.end) : addDays(startDate, 1);
        if (endDate <= startDate) endDate = addDays(startDate, 1);
        if (Date.parse(`${endDate}T00:00:00Z`) + 14 * 3600_000 < windowStart) continue;
        if (Date.parse(`${startDate}T00:00:00Z`) - 14 * 3600_000 >= windowEnd) continue;
        const rid = o.recurrenceId ? dateOfTime(o.recurrenceId).replace(/-/g, '') : null;
        out.push({
          ...base,
          id: `${prefix}${recurring || o.recurrenceId ? `${uid}_${rid}` : uid}`,
          recurringEventId: recurring || o.recurrenceId ? `${prefix}${uid}` : null,
          allDay: true,
          startDate,
          endDate,
          declined,
        });
      } else {
        const tz = tzidOf(comp, 'dtstart');
        const start = instantOf(o.start, tz, zones, opts.timeZone);
        const end = o.end ? instantOf(o.end, tzidOf(comp, 'dtend') ?? tz, zones, opts.timeZone) : start;
        if (end.getTime() <= windowStart && start.getTime() < windowStart) continue;
        if (start.getTime() >= windowEnd) continue;
        const ridTz = master ? tzidOf(master, 'dtstart') : tz;
        const rid = o.recurrenceId ? basicUtc(instantOf(o.recurrenceId, ridTz, zones, opts.timeZone)) : null;
        out.push({
          ...base,
          id: `${prefix}${recurring || o.recurrenceId ? `${uid}_${rid}` : uid}`,
          recurringEventId: recurring || o.recurrenceId ? `${prefix}${uid}` : null,
          allDay: false,
          startAt: start.toISOString(),
          endAt: end.toISOString(),
          timeZone: tz && isValidTimeZone(tz) ? tz : undefined,
          declined,
        });
      }
    }
  }
  return out;
}

/** A VCALENDAR holding one all-day VEVENT (a workout or journal day Daymark writes). */
export function buildEventIcs(uid: string, event: WriteEvent, now = new Date()): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//Daymark//Calendar//EN');
  cal.updatePropertyWithValue('version', '2.0');
  const v = new ICAL.Component('vevent');
  v.updatePropertyWithValue('uid', uid);
  v.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  v.updatePropertyWithValue('dtstart', ICAL.Time.fromDateString(event.date));
  v.updatePropertyWithValue('dtend', ICAL.Time.fromDateString(addDays(event.date, 1)));
  v.updatePropertyWithValue('summary', event.summary);
  v.updatePropertyWithValue('description', event.description);
  v.updatePropertyWithValue('transp', 'TRANSPARENT');
  cal.addSubcomponent(v);
  return cal.toString();
}
