import crypto from 'node:crypto';
import { readCalendar } from './ical.js';
import { type CalendarFetch, calendarFetch } from './outboundGuard.js';
import { CalendarError, type CalendarProviderImpl } from './types.js';

/**
 * A read-only .ics subscription. Private feed URLs carry a secret, so the URL is stored
 * encrypted like a password. A refresh sends the last ETag; a 304 or an identical body (by
 * SHA-256) leaves the cache as it is.
 */
export interface IcsCredentials {
  url: string;
  name: string;
}

const FETCH_TIMEOUT_MS = 20_000;
const MAX_BYTES = 20 * 1024 * 1024;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * Downloads the feed through `fetch` (the guarded one: the address and each redirect's are checked);
 * null when unchanged since `etag`. Throws CalendarError naming the failure.
 */
export async function downloadIcs(
  url: string,
  etag: string | null,
  fetch: CalendarFetch,
): Promise<{ body: string; etag: string | null } | null> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'text/calendar, */*;q=0.5', ...(etag ? { 'if-none-match': etag } : {}) },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'follow',
    });
  } catch (err) {
    if (err instanceof CalendarError) throw err;
    throw new CalendarError(`Could not reach ${hostOf(url)} to read the calendar.`);
  }
  if (res.status === 304) return null;
  if (!res.ok) throw new CalendarError(`${hostOf(url)} answered ${res.status} for the calendar URL.`);
  const body = await res.text();
  if (body.length > MAX_BYTES) throw new CalendarError('The calendar file is larger than 20 MB.');
  return { body, etag: res.headers.get('etag') };
}

interface IcsState {
  etag: string | null;
  sha: string;
}

export const icsProvider: CalendarProviderImpl = {
  name: 'ics',

  async listCalendars(credentials) {
    const c = credentials as IcsCredentials;
    return [
      {
        remoteId: c.url,
        summary: c.name,
        backgroundColor: null,
        foregroundColor: null,
        writable: false,
        primary: false,
      },
    ];
  },

  async fetchChanges(credentials, _calendar, state, pctx) {
    const c = credentials as IcsCredentials;
    const previous = state ? (JSON.parse(state) as IcsState) : null;
    const got = await downloadIcs(c.url, previous?.etag ?? null, calendarFetch(pctx.config));
    if (!got) return { kind: 'unchanged', state };
    const sha = crypto.createHash('sha256').update(got.body).digest('hex');
    const next = JSON.stringify({ etag: got.etag, sha } satisfies IcsState);
    if (previous?.sha === sha) return { kind: 'unchanged', state: next };
    const { events, issues } = readCalendar(got.body, {
      window: pctx.window,
      timeZone: pctx.timeZone,
      // A public feed does not say who the reader is: nothing is marked declined.
      isSelf: () => false,
    });
    return { kind: 'replace', events, state: next, issues };
  },
};
