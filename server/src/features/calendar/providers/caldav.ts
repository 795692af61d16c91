import {
  createCalendarObject,
  createDAVClient,
  type DAVCalendar,
  deleteCalendarObject,
  fetchCalendarObjects,
  updateCalendarObject,
} from 'tsdav';
import { buildEventIcs, readCalendar } from './ical.js';
import { calendarFetch } from './outboundGuard.js';
import { CalendarError, type CalendarProviderImpl, type ReadIssues, type RemoteCalendar } from './types.js';

/**
 * CalDAV (Radicale, Nextcloud, Fastmail, iCloud…) through tsdav. Calendars are discovered from
 * the server URL; a calendar's events are fetched again only when its getctag changed, and
 * recurring events are expanded by Daymark (ical.ts), since servers hand back the series.
 */
export interface CaldavCredentials {
  url: string;
  username: string;
  password: string;
}

const authHeader = (c: CaldavCredentials) => ({
  authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`,
});

/** A failure in the words of what went wrong (never the password). */
function explain(err: unknown, c: CaldavCredentials): CalendarError {
  if (err instanceof CalendarError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  const host = (() => {
    try {
      return new URL(c.url).host;
    } catch {
      return c.url;
    }
  })();
  if (/401|403|unauthori[sz]ed|forbidden|invalid credentials/i.test(msg)) {
    return new CalendarError(`The CalDAV server at ${host} refused the username or password.`);
  }
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|timeout|network/i.test(msg)) {
    return new CalendarError(`Could not reach the CalDAV server at ${host}.`);
  }
  if (/404|not found|cannot find|homeUrl|principal/i.test(msg)) {
    return new CalendarError(`No CalDAV calendars were found at ${c.url}: check the server URL.`);
  }
  return new CalendarError(`The CalDAV server at ${host} answered with an error: ${msg.slice(0, 200)}`);
}

/** A write that takes longer than this failed (a server that never answers must not hold the item). */
const WRITE_TIMEOUT_MS = 20_000;

function asCreds(credentials: unknown): CaldavCredentials {
  return credentials as CaldavCredentials;
}

/** The user is the attendee whose address is the username, or whose local part is. */
export function caldavSelf(username: string) {
  const u = username.toLowerCase();
  return (email: string) => {
    const e = email.toLowerCase();
    return e === u || (!u.includes('@') && e.split('@')[0] === u);
  };
}

const displayName = (c: DAVCalendar): string => {
  const n = c.displayName;
  if (typeof n === 'string' && n.trim()) return n;
  return decodeURIComponent(new URL(c.url).pathname.split('/').filter(Boolean).pop() ?? 'Calendar');
};

async function ensureOk(res: Response, what: string) {
  if (!res.ok) throw new CalendarError(`The CalDAV server refused to ${what}: ${res.status} ${res.statusText}`);
}

/** A calendar's issues are the sum of its objects'. */
function addIssues(sum: ReadIssues, one: ReadIssues) {
  sum.skipped += one.skipped;
  sum.firstReason ??= one.firstReason;
  for (const z of one.unknownZones) if (!sum.unknownZones.includes(z)) sum.unknownZones.push(z);
}

/** The UID of an event Daymark writes: its object's file name, less `.ics` (the id the cache reads it under). */
function uidOfUrl(url: string): string {
  return decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)).replace(/\.ics$/, '');
}

export const caldavProvider: CalendarProviderImpl = {
  name: 'caldav',

  async listCalendars(credentials, pctx) {
    const c = asCreds(credentials);
    try {
      const client = await createDAVClient({
        serverUrl: c.url,
        credentials: { username: c.username, password: c.password },
        authMethod: 'Basic',
        defaultAccountType: 'caldav',
        fetch: calendarFetch(pctx.config),
      });
      const calendars = (await client.fetchCalendars()).filter(
        (cal) => !cal.components || cal.components.includes('VEVENT'),
      );
      if (calendars.length === 0) throw new CalendarError(`No calendars were found at ${c.url}.`);
      return calendars.map(
        (cal, i): RemoteCalendar => ({
          remoteId: cal.url,
          summary: displayName(cal),
          backgroundColor: cal.calendarColor ?? null,
          foregroundColor: null,
          writable: true,
          primary: i === 0,
          version: typeof cal.ctag === 'string' ? cal.ctag : (cal.syncToken ?? null),
        }),
      );
    } catch (err) {
      throw explain(err, c);
    }
  },

  async fetchChanges(credentials, calendar, state, pctx) {
    const c = asCreds(credentials);
    if (calendar.version && state === calendar.version) return { kind: 'unchanged', state };
    let objects: Awaited<ReturnType<typeof fetchCalendarObjects>>;
    try {
      objects = await fetchCalendarObjects({
        calendar: { url: calendar.remoteId } as DAVCalendar,
        headers: authHeader(c),
        fetch: calendarFetch(pctx.config),
      });
    } catch (err) {
      throw explain(err, c);
    }
    const isSelf = caldavSelf(c.username);
    const issues: ReadIssues = { skipped: 0, firstReason: null, unknownZones: [] };
    const events = objects.flatMap((o) => {
      if (typeof o.data !== 'string' || !o.data.includes('VEVENT')) return [];
      try {
        const reading = readCalendar(o.data, {
          window: pctx.window,
          timeZone: pctx.timeZone,
          isSelf,
          etag: o.etag ?? null,
        });
        addIssues(issues, reading.issues);
        return reading.events;
      } catch (err) {
        // An object that is not a calendar at all must not hide the rest of the calendar.
        const reason = err instanceof CalendarError ? err.message : 'it could not be read';
        addIssues(issues, { skipped: 1, firstReason: `${o.url.split('/').pop()}: ${reason}`, unknownZones: [] });
        return [];
      }
    });
    return { kind: 'replace', events, state: calendar.version ?? null, issues };
  },

  eventIdFor(calendarRemoteId, name) {
    const base = calendarRemoteId.endsWith('/') ? calendarRemoteId : `${calendarRemoteId}/`;
    return `${base}daymark-${name}.ics`;
  },

  cachedEventIdOf: uidOfUrl,

  /**
   * The event is the object at its own URL, with the file name (less `.ics`) as its UID. The
   * first write is a create with `If-None-Match: *`: a 412 means the object is there already
   * (another writer of the item got there first, or an earlier write whose answer was lost), and
   * it is updated instead. An update is a PUT without a precondition: it overwrites whatever the
   * server holds (changes made there included) and, the object having been deleted there,
   * creates it again (RFC 9110: a PUT to a missing resource creates it; Radicale answers 201).
   * A server that answers 404 to it gets the create instead. No `If-Match` on the stored etag:
   * an event changed on the server is overwritten all the same (Radicale also refuses
   * `If-Match: *` on an existing object).
   */
  async writeEvent(credentials, _calendarRemoteId, target, event, pctx) {
    const c = asCreds(credentials);
    const url = target.remoteEventId;
    const cut = url.lastIndexOf('/') + 1;
    const uid = uidOfUrl(url);
    const iCalString = buildEventIcs(uid, event);
    const headers = authHeader(c);
    let create = !target.written;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const fetchOptions = { signal: AbortSignal.timeout(WRITE_TIMEOUT_MS) };
        const fetch = calendarFetch(pctx.config);
        const res = create
          ? await createCalendarObject({
              calendar: { url: url.slice(0, cut) } as DAVCalendar,
              filename: url.slice(cut),
              iCalString,
              headers,
              fetchOptions,
              fetch,
            })
          : await updateCalendarObject({ calendarObject: { url, data: iCalString }, headers, fetchOptions, fetch });
        if (create && res.status === 412) create = false;
        else if (!create && res.status === 404) create = true;
        else {
          await ensureOk(res, create ? 'add the event' : 'update the event');
          return { remoteEventId: url, etag: res.headers.get('etag'), created: create };
        }
      }
      throw new CalendarError('The CalDAV server kept changing the event while it was being written.');
    } catch (err) {
      throw explain(err, c);
    }
  },

  /**
   * A DELETE of the event's object, without a precondition (an event changed on the server goes
   * all the same, as a write would overwrite it). An object already gone (404, 410) counts as
   * removed; a refusal is explained as a write's is.
   */
  async deleteEvent(credentials, _calendarRemoteId, remoteEventId, pctx) {
    const c = asCreds(credentials);
    try {
      const res = await deleteCalendarObject({
        calendarObject: { url: remoteEventId },
        headers: authHeader(c),
        fetchOptions: { signal: AbortSignal.timeout(WRITE_TIMEOUT_MS) },
        fetch: calendarFetch(pctx.config),
      });
      if (res.status === 404 || res.status === 410) return;
      await ensureOk(res, 'remove the event');
    } catch (err) {
      throw explain(err, c);
    }
  },
};
