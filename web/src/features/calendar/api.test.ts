import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_TEXT } from '#common/api/calendar.js';
import { ApiError, setUnauthorizedHandler } from '../../api/client';
import { CalendarExpiredError, calendarApi, connectionState, fetchEventsRange } from './api';

// Runs in Node: the browser globals the client touches are stubbed.
const store = new Map<string, string>();
const redirect = vi.fn();
let fetchMock: ReturnType<typeof vi.fn>;
const reply = (status: number, body?: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

beforeEach(() => {
  store.clear();
  store.set('auth_token', 'tok');
  redirect.mockReset();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('window', { location: { pathname: '/dashboard/calendar', search: '', origin: 'https://d.example' } });
  setUnauthorizedHandler(redirect);
});
afterEach(() => vi.unstubAllGlobals());

describe('calendar calls', () => {
  it("an expired connection raises CalendarExpiredError with the server's message, else the spec's", async () => {
    reply(401, { error: 'Expired, reconnect.', code: 'AUTH_EXPIRED' });
    const error = await fetchEventsRange('2026-03-10', '2026-03-10', 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CalendarExpiredError);
    expect((error as Error).message).toBe('Expired, reconnect.');
    reply(401, { code: 'AUTH_EXPIRED' });
    await expect(calendarApi.calendars()).rejects.toThrow(CALENDAR_TEXT.expiredCall);
    expect(store.get('auth_token')).toBe('tok');
    expect(redirect).not.toHaveBeenCalled();
  });

  it("other failures say 'Failed to fetch …: {status}' and keep the status", async () => {
    reply(502, { error: 'The CalDAV server did not answer' });
    const error = await fetchEventsRange('2026-03-10', '2026-03-12', 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: 'Failed to fetch events for range: 502' });
    reply(500);
    await expect(calendarApi.syncSettings()).rejects.toThrow('Failed to fetch sync settings: 500');
    reply(503);
    await expect(calendarApi.calendars()).rejects.toThrow('Failed to fetch available calendars: 503');
  });

  it('asks for events with the range and sends the app origin for the authorization URL', async () => {
    reply(200, []);
    await fetchEventsRange('2026-03-01', '2026-03-10', 200, true);
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(
      '/api/calendar/events/range?startDate=2026-03-01&endDate=2026-03-10&maxResults=200&refresh=true',
    );
    reply(200, { authUrl: 'https://accounts.example/auth' });
    await calendarApi.authUrl();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/calendar/auth-url?baseUrl=https%3A%2F%2Fd.example');
  });

  it('a callback that gets no answer is the spec network_error; an error answer keeps its shape', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(calendarApi.oauthCallback({ code: 'c', state: 's' })).resolves.toEqual({
      success: false,
      error: 'network_error',
      message: CALENDAR_TEXT.callbackNetwork,
    });
    reply(400, { success: false, error: 'invalid_grant', message: 'The code expired.' });
    await expect(calendarApi.oauthCallback({ code: 'c' })).resolves.toEqual({
      success: false,
      error: 'invalid_grant',
      message: 'The code expired.',
    });
  });
});

describe('connectionState', () => {
  const conn = (provider: 'google' | 'caldav' | 'ics', status: 'connected' | 'expired') => ({
    id: 1,
    provider,
    status,
    label: 'x',
    connected_at: '2026-01-01T00:00:00.000Z',
    last_sync_time: null,
    last_error: null,
    read_issues: null,
  });
  it('tells connected, expired and writable apart', () => {
    expect(connectionState([])).toEqual({ connected: false, googleExpired: false, writable: false });
    expect(connectionState([conn('ics', 'connected')])).toEqual({
      connected: true,
      googleExpired: false,
      writable: false,
    });
    expect(connectionState([conn('google', 'expired'), conn('caldav', 'connected')])).toEqual({
      connected: true,
      googleExpired: true,
      writable: true,
    });
  });
});
