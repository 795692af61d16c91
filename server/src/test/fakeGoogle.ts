import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google, speaking its wire protocol: OAuth 2.0 (authorization page with
 * consent, code + state redirect, token exchange checking the client secret, redirect URI and
 * PKCE verifier, refresh, `invalid_grant`, revocation) and Calendar API v3 JSON (calendarList,
 * events list with paging, syncToken and 410, insert, update, delete; 401 for bad tokens). Used by the
 * server tests and the e2e specs (a browser can click Allow on its consent page).
 *
 * Event ids behave as Google documents them (Calendar API v3, Events resource, `id` and
 * `status`; https://developers.google.com/calendar/api/v3/reference/events): an insert may
 * supply its own id, which must be base32hex (`a-v`, `0-9`) of 5 to 1024 characters (else 400)
 * and unique in the calendar (else 409 "The requested identifier already exists", see
 * https://developers.google.com/calendar/api/guides/errors). A deleted event is only marked
 * `cancelled` and keeps its id, so inserting that id again is a 409 too; on the organizer's
 * calendar it can be restored (undeleted) by an update that sets `status: 'confirmed'`. Google
 * drops cancelled events in the end (`purgeEvent`): then the id is free and an update is a 404.
 * A delete (Events.delete) answers 204 and leaves the event `cancelled` under its id (listed as
 * such to an incremental sync); deleting it again is a 410 "Resource has been deleted", an id
 * the calendar does not hold a 404. Events keep what was written: timed ones (`start.dateTime`
 * with its `timeZone`) and `transparency` come back as they were sent.
 */
export interface FakeCalendar {
  id: string;
  summary: string;
  backgroundColor: string;
  foregroundColor: string;
  accessRole: 'owner' | 'writer' | 'reader';
  primary?: boolean;
}

export interface FakeEvent {
  id?: string;
  summary?: string;
  description?: string;
  location?: string;
  status?: string;
  recurringEventId?: string;
  start: { date?: string; dateTime?: string; timeZone?: string };
  end: { date?: string; dateTime?: string; timeZone?: string };
  attendees?: Array<{
    email: string;
    displayName?: string;
    responseStatus?: string;
    self?: boolean;
    organizer?: boolean;
  }>;
  organizer?: { email?: string; displayName?: string };
  transparency?: string;
}

interface Stored {
  event: FakeEvent & { id: string; etag: string; htmlLink: string };
  seq: number;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The GOOGLE_* variables that point Daymark at this server. */
  env: Record<string, string>;
  calendars: FakeCalendar[];
  /** Events per calendar id, as stored (cancelled ones included). */
  events(calendarId: string): Array<FakeEvent & { id: string }>;
  addEvent(calendarId: string, e: FakeEvent): string;
  updateEvent(calendarId: string, id: string, patch: Partial<FakeEvent>): void;
  cancelEvent(calendarId: string, id: string): void;
  /** The event is gone for good (Google drops deleted events in the end): its id is free again. */
  purgeEvent(calendarId: string, id: string): void;
  /** Every access token stops working (they "expire"); refresh tokens still work. */
  expireAccessTokens(): void;
  /** The user removed the app's access: refresh answers invalid_grant. */
  revokeGrants(): void;
  /** Events per page of events.list. */
  pageSize: number;
  /** Every request: method, path and query. */
  requests: Array<{ method: string; path: string; query: URLSearchParams }>;
  revokedTokens: string[];
  /** Every access and refresh token handed out (to prove none is stored or logged in clear). */
  issuedTokens(): string[];
  /** Runs the consent page the way a browser would: returns the redirect's code, state or error. */
  consent(
    authUrl: string,
    allow?: boolean,
  ): Promise<{ redirect: string; code?: string; state?: string; error?: string }>;
  stop(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');
const rand = () => b64url(crypto.randomBytes(18));
/** An event id as Google makes them: base32hex (hex is a part of it). */
const newEventId = () => crypto.randomBytes(13).toString('hex');
const EVENT_ID = /^[a-v0-9]{5,1024}$/;

/** `port`: a fixed port (Playwright's global setup starts it before the app); a free one by default. */
export async function startFakeGoogle(opts: { email?: string; port?: number } = {}): Promise<FakeGoogle> {
  const email = opts.email ?? 'alice@example.com';
  const clientId = 'daymark-test.apps.googleusercontent.com';
  const clientSecret = `secret-${rand()}`;
  const codes = new Map<string, { redirectUri: string; challenge: string; method: string; used: boolean }>();
  const access = new Map<string, { refresh: string; valid: boolean }>();
  const refresh = new Map<string, { valid: boolean }>();
  const store = new Map<string, Map<string, Stored>>();
  const syncTokens = new Map<string, number>();
  let seq = 0;
  const requests: FakeGoogle['requests'] = [];
  const revokedTokens: string[] = [];

  const calendars: FakeCalendar[] = [
    {
      id: email,
      summary: email,
      backgroundColor: '#9fe1e7',
      foregroundColor: '#000000',
      accessRole: 'owner',
      primary: true,
    },
    {
      id: 'team@group.calendar.google.com',
      summary: 'Team',
      backgroundColor: '#f83a22',
      foregroundColor: '#ffffff',
      accessRole: 'reader',
    },
  ];
  for (const c of calendars) store.set(c.id, new Map());

  const put = (calendarId: string, e: FakeEvent & { id: string }) => {
    const cal = store.get(calendarId);
    if (!cal) throw new Error(`no calendar ${calendarId}`);
    seq++;
    cal.set(e.id, {
      event: { ...e, etag: `"${seq}"`, htmlLink: `https://calendar.google.com/event?eid=${e.id}` },
      seq,
    });
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: http.ServerResponse, status: number, message: string) =>
    json(res, status, { error: { code: status, message, errors: [{ message }] } });

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  const issue = (refreshToken: string) => {
    const token = `ya29.${rand()}`;
    access.set(token, { refresh: refreshToken, valid: true });
    return token;
  };

  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? 'GET', path: u.pathname, query: u.searchParams });
    const body = await readBody(req);

    // ---- OAuth 2.0 ----
    if (u.pathname === '/o/oauth2/v2/auth' && req.method === 'GET') {
      const q = u.searchParams;
      if (q.get('client_id') !== clientId) return json(res, 400, { error: 'invalid_client' });
      if (q.get('response_type') !== 'code' || !q.get('redirect_uri') || !q.get('code_challenge')) {
        return json(res, 400, { error: 'invalid_request' });
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const hidden = [...q.entries()]
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
        .join('');
      return res.end(`<!doctype html><html><head><title>Sign in - Google Accounts</title></head><body>
<h1>Daymark wants to access your Google Account</h1><p>${email}</p>
<form method="post" action="/o/oauth2/v2/auth/decision">${hidden}
<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Cancel</button></form></body></html>`);
    }
    if (u.pathname === '/o/oauth2/v2/auth/decision' && req.method === 'POST') {
      const f = new URLSearchParams(body);
      const redirect = new URL(f.get('redirect_uri') ?? '');
      const state = f.get('state');
      if (f.get('decision') === 'allow') {
        const code = `4/${rand()}`;
        codes.set(code, {
          redirectUri: f.get('redirect_uri') ?? '',
          challenge: f.get('code_challenge') ?? '',
          method: f.get('code_challenge_method') ?? 'plain',
          used: false,
        });
        redirect.searchParams.set('code', code);
        redirect.searchParams.set('scope', f.get('scope') ?? '');
      } else redirect.searchParams.set('error', 'access_denied');
      if (state) redirect.searchParams.set('state', state);
      res.writeHead(302, { location: redirect.toString() });
      return res.end();
    }
    if (u.pathname === '/token' && req.method === 'POST') {
      const f = new URLSearchParams(body);
      if (f.get('client_id') !== clientId || f.get('client_secret') !== clientSecret) {
        return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      }
      if (f.get('grant_type') === 'authorization_code') {
        const c = codes.get(f.get('code') ?? '');
        if (!c || c.used) return json(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
        c.used = true;
        if (c.redirectUri !== f.get('redirect_uri')) {
          return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
        }
        const verifier = f.get('code_verifier') ?? '';
        const expected = c.method === 'S256' ? b64url(crypto.createHash('sha256').update(verifier).digest()) : verifier;
        if (!verifier || expected !== c.challenge) {
          return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
        }
        const refreshToken = `1//${rand()}`;
        refresh.set(refreshToken, { valid: true });
        return json(res, 200, {
          access_token: issue(refreshToken),
          expires_in: 3599,
          refresh_token: refreshToken,
          scope: 'https://www.googleapis.com/auth/calendar',
          token_type: 'Bearer',
        });
      }
      if (f.get('grant_type') === 'refresh_token') {
        const token = f.get('refresh_token') ?? '';
        if (!refresh.get(token)?.valid) {
          return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        }
        return json(res, 200, {
          access_token: issue(token),
          expires_in: 3599,
          scope: 'https://www.googleapis.com/auth/calendar',
          token_type: 'Bearer',
        });
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (u.pathname === '/revoke' && req.method === 'POST') {
      const token = new URLSearchParams(body).get('token') ?? '';
      revokedTokens.push(token);
      const r = refresh.get(token);
      if (r) r.valid = false;
      for (const a of access.values()) if (a.refresh === token) a.valid = false;
      const a = access.get(token);
      if (a) a.valid = false;
      return json(res, r || a ? 200 : 400, r || a ? {} : { error: 'invalid_token' });
    }

    // ---- Calendar API v3 ----
    if (!u.pathname.startsWith('/calendar/v3/')) return json(res, 404, { error: 'not found' });
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!access.get(bearer)?.valid) return apiError(res, 401, 'Invalid Credentials');
    const path = u.pathname.slice('/calendar/v3'.length);

    if (path === '/users/me/calendarList' && req.method === 'GET') {
      return json(res, 200, { kind: 'calendar#calendarList', items: calendars });
    }
    const m = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    const cal = m ? store.get(decodeURIComponent(m[1] as string)) : undefined;
    if (!m || !cal) return apiError(res, 404, 'Not Found');
    const calendarId = decodeURIComponent(m[1] as string);
    const eventId = m[2] ? decodeURIComponent(m[2]) : undefined;

    if (!eventId && req.method === 'GET') {
      const q = u.searchParams;
      const syncToken = q.get('syncToken');
      let since = 0;
      if (syncToken) {
        if (q.get('timeMin') || q.get('timeMax')) return apiError(res, 400, 'Sync token cannot be used with timeMin');
        const s = syncTokens.get(syncToken);
        if (s === undefined) return apiError(res, 410, 'Sync token is no longer valid, a full sync is required.');
        since = s;
      }
      const timeMin = q.get('timeMin') ? Date.parse(q.get('timeMin') as string) : -Infinity;
      const timeMax = q.get('timeMax') ? Date.parse(q.get('timeMax') as string) : Infinity;
      const startMs = (e: FakeEvent) => Date.parse(e.start.dateTime ?? `${e.start.date}T00:00:00Z`);
      const endMs = (e: FakeEvent) => Date.parse(e.end.dateTime ?? `${e.end.date}T00:00:00Z`);
      const all = [...cal.values()]
        .filter((s) => s.seq > since)
        .filter((s) => syncToken || (endMs(s.event) > timeMin && startMs(s.event) < timeMax))
        .filter((s) => syncToken || s.event.status !== 'cancelled' || q.get('showDeleted') === 'true')
        .sort((a, b) => a.seq - b.seq);
      const size = Math.min(Number(q.get('maxResults') ?? 250), fake.pageSize);
      const offset = Number(q.get('pageToken') ?? 0);
      const page = all.slice(offset, offset + size);
      const more = offset + size < all.length;
      const out: Record<string, unknown> = { kind: 'calendar#events', items: page.map((s) => s.event) };
      if (more) out.nextPageToken = String(offset + size);
      else {
        const token = `sync-${rand()}`;
        syncTokens.set(token, seq);
        out.nextSyncToken = token;
      }
      return json(res, 200, out);
    }
    if (!eventId && req.method === 'POST') {
      const e = JSON.parse(body) as FakeEvent;
      if (e.id !== undefined && !EVENT_ID.test(e.id)) return apiError(res, 400, 'Invalid resource id value.');
      // A deleted (cancelled) event still holds its id.
      if (e.id !== undefined && cal.has(e.id)) return apiError(res, 409, 'The requested identifier already exists.');
      const id = e.id ?? newEventId();
      put(calendarId, { ...e, id, status: 'confirmed' });
      return json(res, 200, cal.get(id)?.event);
    }
    if (eventId && req.method === 'PUT') {
      const existing = cal.get(eventId);
      if (!existing) return apiError(res, 404, 'Not Found');
      const e = JSON.parse(body) as FakeEvent;
      // An update replaces the event; a cancelled one comes back only when the update says so
      // (the stricter reading: a client cannot count on a restore it did not ask for).
      const status = e.status ?? (existing.event.status === 'cancelled' ? 'cancelled' : 'confirmed');
      put(calendarId, { ...e, id: eventId, status });
      return json(res, 200, cal.get(eventId)?.event);
    }
    if (eventId && req.method === 'DELETE') {
      const existing = cal.get(eventId);
      if (!existing) return apiError(res, 404, 'Not Found');
      if (existing.event.status === 'cancelled') return apiError(res, 410, 'Resource has been deleted');
      put(calendarId, { ...existing.event, id: eventId, status: 'cancelled' });
      res.writeHead(204);
      return res.end();
    }
    return apiError(res, 405, 'Method not allowed');
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeGoogle = {
    url,
    clientId,
    clientSecret,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_REVOKE_URL: `${url}/revoke`,
      GOOGLE_CALENDAR_API_URL: `${url}/calendar/v3`,
    },
    calendars,
    pageSize: 250,
    requests,
    revokedTokens,
    issuedTokens: () => [...access.keys(), ...refresh.keys()],
    events: (calendarId) => [...(store.get(calendarId)?.values() ?? [])].map((s) => s.event),
    addEvent(calendarId, e) {
      const id = e.id ?? newEventId();
      put(calendarId, { ...e, id, status: e.status ?? 'confirmed' });
      return id;
    },
    updateEvent(calendarId, id, patch) {
      const s = store.get(calendarId)?.get(id);
      if (!s) throw new Error(`no event ${id}`);
      put(calendarId, { ...s.event, ...patch, id });
    },
    cancelEvent(calendarId, id) {
      const s = store.get(calendarId)?.get(id);
      if (!s) throw new Error(`no event ${id}`);
      put(calendarId, { ...s.event, id, status: 'cancelled' });
    },
    purgeEvent(calendarId, id) {
      if (!store.get(calendarId)?.delete(id)) throw new Error(`no event ${id}`);
    },
    expireAccessTokens() {
      for (const a of access.values()) a.valid = false;
    },
    revokeGrants() {
      for (const r of refresh.values()) r.valid = false;
      for (const a of access.values()) a.valid = false;
    },
    async consent(authUrl, allow = true) {
      const page = await fetch(authUrl);
      if (page.status !== 200) throw new Error(`consent page: ${page.status} ${await page.text()}`);
      const params = new URL(authUrl).searchParams;
      params.set('decision', allow ? 'allow' : 'deny');
      const res = await fetch(`${url}/o/oauth2/v2/auth/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: params,
        redirect: 'manual',
      });
      const redirect = res.headers.get('location') ?? '';
      const r = new URL(redirect).searchParams;
      return {
        redirect,
        code: r.get('code') ?? undefined,
        state: r.get('state') ?? undefined,
        error: r.get('error') ?? undefined,
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
