import { addDays } from '#common/time.js';
import { type GoogleCredentials, refreshAccess } from './googleOauth.js';
import {
  type Attendee,
  CalendarAuthExpired,
  CalendarError,
  type CalendarProviderImpl,
  isTimed,
  type ProviderContext,
  type ProviderEvent,
  type RemoteCalendar,
  type WriteEvent,
} from './types.js';

/**
 * Google Calendar (REST v3) with OAuth 2.0 authorization code + PKCE and offline access. The
 * access token is refreshed when it is about to expire or a call answers 401; a refresh answered
 * `invalid_grant` (or a 401 that survives a refresh) means the user must connect again.
 * Events are listed with singleEvents=true (Google expands recurrences) and kept in step with
 * the calendar's syncToken; a 410 starts a full listing again.
 */
const TIMEOUT_MS = 20_000;

/** One Calendar API call with a fresh token; stores refreshed credentials through the context. */
async function api<T>(
  pctx: ProviderContext,
  creds: GoogleCredentials,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; json: T }> {
  const g = pctx.config.google;
  let c = creds;
  if (c.expires_at - 60_000 < Date.now()) {
    c = await refreshAccess(g, c);
    Object.assign(creds, c);
    await pctx.onCredentials(c);
  }
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${g.calendarApiUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${c.access_token}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new CalendarError('Could not reach Google Calendar.');
    }
    if (res.status === 401) {
      if (attempt > 0) throw new CalendarAuthExpired('401 after refresh');
      c = await refreshAccess(g, c);
      Object.assign(creds, c);
      await pctx.onCredentials(c);
      continue;
    }
    const json = (await res.json().catch(() => ({}))) as T;
    return { status: res.status, json };
  }
}

interface GEvent {
  id: string;
  status?: string;
  etag?: string;
  recurringEventId?: string;
  summary?: string;
  description?: string;
  location?: string;
  htmlLink?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  attendees?: Attendee[];
  organizer?: { email?: string; displayName?: string };
  /** 'opaque' (busy, Google's default when absent) or 'transparent' (free). */
  transparency?: string;
}

function toEvent(e: GEvent): ProviderEvent | null {
  if (!e.start) return null;
  const attendees = (e.attendees ?? []).map((a) => ({
    email: a.email,
    displayName: a.displayName,
    responseStatus: a.responseStatus,
    self: a.self,
    organizer: a.organizer,
  }));
  const base = {
    id: e.id,
    etag: e.etag ?? null,
    recurringEventId: e.recurringEventId ?? null,
    summary: e.summary ?? '(No title)',
    description: e.description ?? null,
    location: e.location ?? null,
    attendees,
    organizer: e.organizer ? { email: e.organizer.email, displayName: e.organizer.displayName } : null,
    declined: attendees.some((a) => a.self && a.responseStatus === 'declined'),
    htmlLink: e.htmlLink ?? null,
    transparency: e.transparency === 'transparent' ? ('transparent' as const) : ('opaque' as const),
  };
  if (e.start.date) {
    return { ...base, allDay: true, startDate: e.start.date, endDate: e.end?.date ?? addDays(e.start.date, 1) };
  }
  if (!e.start.dateTime) return null;
  const start = new Date(e.start.dateTime);
  const end = e.end?.dateTime ? new Date(e.end.dateTime) : start;
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return {
    ...base,
    allDay: false,
    startAt: start.toISOString(),
    endAt: end.toISOString(),
    timeZone: e.start.timeZone,
  };
}

const enc = encodeURIComponent;
/** An event id Google accepts from a client. */
const GOOGLE_EVENT_ID = /^[a-v0-9]{5,1024}$/;

function failure(status: number, json: unknown, what: string): CalendarError {
  const msg = (json as { error?: { message?: string } }).error?.message;
  return new CalendarError(`Google Calendar refused to ${what}: ${status}${msg ? ` ${msg}` : ''}`);
}

export const googleProvider: CalendarProviderImpl = {
  name: 'google',

  async listCalendars(credentials, pctx) {
    const c = credentials as GoogleCredentials;
    const out: RemoteCalendar[] = [];
    let pageToken: string | undefined;
    do {
      const q = new URLSearchParams({ maxResults: '250', ...(pageToken ? { pageToken } : {}) });
      const { status, json } = await api<{
        items?: Array<{
          id: string;
          summary?: string;
          summaryOverride?: string;
          backgroundColor?: string;
          foregroundColor?: string;
          accessRole?: string;
          primary?: boolean;
        }>;
        nextPageToken?: string;
      }>(pctx, c, `/users/me/calendarList?${q}`);
      if (status !== 200) throw failure(status, json, 'list your calendars');
      for (const i of json.items ?? []) {
        out.push({
          remoteId: i.id,
          summary: i.summaryOverride ?? i.summary ?? i.id,
          backgroundColor: i.backgroundColor ?? null,
          foregroundColor: i.foregroundColor ?? null,
          writable: i.accessRole === 'owner' || i.accessRole === 'writer',
          primary: Boolean(i.primary),
        });
      }
      pageToken = json.nextPageToken;
    } while (pageToken);
    return out;
  },

  async fetchChanges(credentials, calendar, state, pctx) {
    const c = credentials as GoogleCredentials;
    const events: ProviderEvent[] = [];
    const removed: string[] = [];
    let pageToken: string | undefined;
    let syncToken: string | null = state;
    for (;;) {
      const q = new URLSearchParams({ singleEvents: 'true', maxResults: '2500', showDeleted: 'true' });
      if (syncToken) q.set('syncToken', syncToken);
      else {
        q.set('timeMin', pctx.window.start.toISOString());
        q.set('timeMax', pctx.window.end.toISOString());
      }
      if (pageToken) q.set('pageToken', pageToken);
      const { status, json } = await api<{ items?: GEvent[]; nextPageToken?: string; nextSyncToken?: string }>(
        pctx,
        c,
        `/calendars/${enc(calendar.remoteId)}/events?${q}`,
      );
      if (status === 410 && syncToken) {
        // The sync token expired: list everything again.
        syncToken = null;
        pageToken = undefined;
        events.length = 0;
        removed.length = 0;
        continue;
      }
      if (status !== 200) throw failure(status, json, `list the events of ${calendar.summary}`);
      for (const item of json.items ?? []) {
        if (item.status === 'cancelled') removed.push(item.id);
        else {
          const e = toEvent(item);
          if (e) events.push(e);
        }
      }
      if (json.nextPageToken) {
        pageToken = json.nextPageToken;
        continue;
      }
      const next = json.nextSyncToken ?? null;
      return syncToken ? { kind: 'delta', events, removed, state: next } : { kind: 'replace', events, state: next };
    }
  },

  eventIdFor(_calendarRemoteId, name) {
    return name;
  },

  cachedEventIdOf: (remoteEventId) => remoteEventId,

  /**
   * Event ids as Google documents them (Calendar API v3, Events resource, `id` and `status`,
   * https://developers.google.com/calendar/api/v3/reference/events): an insert may give its own
   * id, base32hex (`a-v`, `0-9`) of 5 to 1024 characters, unique in the calendar; an id already
   * there is a 409 "The requested identifier already exists"
   * (https://developers.google.com/calendar/api/guides/errors). A deleted event is only
   * cancelled and keeps its id (so its id is a 409 too), and on the organizer's calendar an
   * update restores it; in the end Google drops it (then an update is a 404 and the id is free).
   * So: the first write inserts with the item's own id, and a 409 turns it into an update; an
   * update (which says `status: 'confirmed'`, restoring a cancelled event) that meets 404 or
   * 410 inserts again under the same id. Google warns that a duplicate id may go undetected when
   * two inserts race; writeback.ts lets only one writer of an item write at a time.
   */
  async writeEvent(credentials, calendarRemoteId, target, event: WriteEvent, pctx) {
    const c = credentials as GoogleCredentials;
    // A workout or journal day: an all-day event, free. A training session: a timed event, busy.
    const when = isTimed(event)
      ? {
          start: { dateTime: event.start, timeZone: event.timeZone },
          end: { dateTime: event.end, timeZone: event.timeZone },
          transparency: 'opaque',
        }
      : { start: { date: event.date }, end: { date: addDays(event.date, 1) }, transparency: 'transparent' };
    const body = { summary: event.summary, description: event.description, ...when, status: 'confirmed' };
    const base = `/calendars/${enc(calendarRemoteId)}/events`;
    // An event written before Daymark chose ids carries Google's, base32hex too, and is inserted
    // again under it; any other id is left for Google to choose.
    const ownId = GOOGLE_EVENT_ID.test(target.remoteEventId) ? target.remoteEventId : undefined;
    let insert = !target.written;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (insert) {
        const { status, json } = await api<GEvent>(pctx, c, base, { method: 'POST', body: { ...body, id: ownId } });
        if (status === 200) return { remoteEventId: json.id, etag: json.etag ?? null, created: true };
        if (status !== 409 || !ownId) throw failure(status, json, 'add the event');
        insert = false;
      } else {
        const { status, json } = await api<GEvent>(pctx, c, `${base}/${enc(target.remoteEventId)}`, {
          method: 'PUT',
          body,
        });
        if (status === 200) return { remoteEventId: json.id, etag: json.etag ?? null, created: false };
        if (status !== 404 && status !== 410) throw failure(status, json, 'update the event');
        insert = true;
      }
    }
    throw new CalendarError('Google Calendar kept changing the event while it was being written.');
  },

  /**
   * Events.delete. Google keeps a deleted event as `cancelled` under its id (so a later write of
   * the item meets it with a 409 and restores it, as above) and answers 410 when it is deleted
   * again; an event already deleted (410) or dropped for good (404) counts as removed.
   */
  async deleteEvent(credentials, calendarRemoteId, remoteEventId, pctx) {
    const c = credentials as GoogleCredentials;
    const { status, json } = await api(pctx, c, `/calendars/${enc(calendarRemoteId)}/events/${enc(remoteEventId)}`, {
      method: 'DELETE',
    });
    if (status === 200 || status === 204 || status === 404 || status === 410) return;
    throw failure(status, json, 'remove the event');
  },

  async revoke(credentials, config) {
    const c = credentials as GoogleCredentials;
    const token = c.refresh_token ?? c.access_token;
    try {
      await fetch(config.google.revokeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      // The connection is removed here either way; Google drops unused grants on its own.
    }
  },
};
