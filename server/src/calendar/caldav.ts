import crypto from 'node:crypto';
import {
  createCalendarObject,
  createDAVClient,
  type DAVCalendar,
  fetchCalendarObjects,
  updateCalendarObject,
} from 'tsdav';
import { buildEventIcs, expandCalendar } from './ical.js';
import { calendarFetch } from './outboundGuard.js';
import { CalendarError, type CalendarProviderImpl, type RemoteCalendar, type WrittenRef } from './types.js';

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
    const events = objects.flatMap((o) => {
      if (typeof o.data !== 'string' || !o.data.includes('VEVENT')) return [];
      try {
        return expandCalendar(o.data, { window: pctx.window, timeZone: pctx.timeZone, isSelf, etag: o.etag ?? null });
      } catch {
        // One unreadable object must not hide the rest of the calendar.
        return [];
      }
    });
    return { kind: 'replace', events, state: calendar.version ?? null };
  },

  async writeEvent(credentials, calendarRemoteId, existing, event, pctx) {
    const c = asCreds(credentials);
    const headers = authHeader(c);
    try {
      if (existing) {
        const uid = decodeURIComponent(existing.remoteEventId.split('/').pop() ?? '').replace(/\.ics$/, '');
        const res = await updateCalendarObject({
          calendarObject: { url: existing.remoteEventId, data: buildEventIcs(uid, event) },
          headers,
          fetch: calendarFetch(pctx.config),
        });
        if (res.status !== 404) {
          await ensureOk(res, 'update the event');
          return { remoteEventId: existing.remoteEventId, etag: res.headers.get('etag') };
        }
        // Deleted on the server meanwhile: write it again.
      }
      const uid = `daymark-${crypto.randomUUID()}`;
      const base = calendarRemoteId.endsWith('/') ? calendarRemoteId : `${calendarRemoteId}/`;
      const res = await createCalendarObject({
        calendar: { url: base } as DAVCalendar,
        filename: `${uid}.ics`,
        iCalString: buildEventIcs(uid, event),
        headers,
        fetch: calendarFetch(pctx.config),
      });
      await ensureOk(res, 'add the event');
      const ref: WrittenRef = { remoteEventId: `${base}${uid}.ics`, etag: res.headers.get('etag') };
      return ref;
    } catch (err) {
      throw explain(err, c);
    }
  },
};
