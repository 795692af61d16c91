import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiFetch,
  apiRequest,
  type CompiledCheck,
  del,
  messageOf,
  post,
  setUnauthorizedHandler,
  UnexpectedResponseError,
} from './client';

// Runs in Node: the browser globals the client touches are stubbed.
const store = new Map<string, string>();
let fetchMock: ReturnType<typeof vi.fn>;
const redirect = vi.fn();

function reply(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  store.clear();
  redirect.mockReset();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('window', { location: { pathname: '/notes/today', search: '?tab=2' } });
  setUnauthorizedHandler(redirect);
});

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends JSON under /api with the stored bearer token', async () => {
    store.set('auth_token', 'tok');
    reply(200, { id: 1 });
    await expect(post('/todos', { text: 'a' }, { query: { page: 2, skip: undefined } })).resolves.toEqual({ id: 1 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/todos?page=2');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"text":"a"}');
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends no token when none is stored or when asked not to', async () => {
    reply(200, {});
    await apiFetch('/x');
    expect(lastRequest().headers.has('authorization')).toBe(false);
    store.set('auth_token', 'tok');
    reply(200, {});
    await apiFetch('/x', { withToken: false });
    expect(lastRequest().headers.has('authorization')).toBe(false);
  });

  it('takes the error text from error, then message, then a generic text', async () => {
    reply(400, { error: 'Title is required' });
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 400, message: 'Title is required' });
    reply(404, { message: 'Gone' });
    await expect(apiFetch('/x')).rejects.toMatchObject({ message: 'Gone' });
    reply(500);
    const error = await apiFetch('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Something went wrong');
    expect(messageOf(error, 'Failed to load cron jobs')).toBe('Failed to load cron jobs');
  });

  it('on 401 clears the token and redirects to login with the current location', async () => {
    store.set('auth_token', 'tok');
    reply(401, { error: 'Authentication required' });
    await expect(apiFetch('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(store.has('auth_token')).toBe(false);
    expect(redirect).toHaveBeenCalledWith('/login?next=%2Fnotes%2Ftoday%3Ftab%3D2');
  });

  it('on a 401 for an expired calendar connection keeps the session and raises a recognisable error', async () => {
    store.set('auth_token', 'tok');
    const expired = { error: 'Your Google Calendar authentication has expired.', code: 'AUTH_EXPIRED' };
    reply(401, expired);
    const error = await apiFetch('/calendar/events').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'AUTH_EXPIRED', calendarAuthExpired: true });
    expect((error as ApiError).message).toBe(expired.error);
    expect(store.get('auth_token')).toBe('tok');
    expect(redirect).not.toHaveBeenCalled();

    // Any other 401, even from a calendar route, still signs out.
    reply(401, { error: 'Authentication required' });
    const other = await apiFetch('/calendar/events').catch((e: unknown) => e);
    expect(other).toMatchObject({ status: 401, calendarAuthExpired: false });
    expect(store.has('auth_token')).toBe(false);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('a 403 carrying the expiry code is not a calendar expiry', async () => {
    reply(403, { error: 'Forbidden', code: 'AUTH_EXPIRED' });
    await expect(apiFetch('/calendar/events')).rejects.toMatchObject({ status: 403, calendarAuthExpired: false });
  });

  it('does not redirect on 401 when already on /login or when the caller handles it', async () => {
    vi.stubGlobal('window', { location: { pathname: '/login', search: '' } });
    reply(401, { error: 'x' });
    await expect(apiFetch('/auth/me')).rejects.toBeInstanceOf(ApiError);
    store.set('auth_token', 'tok');
    vi.stubGlobal('window', { location: { pathname: '/dashboard', search: '' } });
    reply(401, { error: 'Invalid username or password' });
    await expect(apiFetch('/auth/login', { method: 'POST', skipAuthRedirect: true })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(redirect).not.toHaveBeenCalled();
    expect(store.get('auth_token')).toBe('tok');
  });

  it('validates the response with a schema and handles empty bodies', async () => {
    reply(200, { n: 'not a number' });
    await expect(apiFetch('/x', { schema: z.object({ n: z.number() }) })).rejects.toThrow();
    reply(204);
    await expect(del('/x/1')).resolves.toBeUndefined();
  });

  it('refuses a body a compiled check rejects, naming where, and returns one it accepts as sent', async () => {
    const check: CompiledCheck = Object.assign(
      (data: unknown) => {
        const ok = typeof (data as { n?: unknown }).n === 'number';
        check.errors = ok ? null : [{ instancePath: '/n', message: 'must be number' }];
        return ok;
      },
      { errors: null },
    );
    reply(200, { n: 'not a number' });
    const refused = apiFetch('/x', { schema: check });
    await expect(refused).rejects.toBeInstanceOf(UnexpectedResponseError);
    reply(200, { n: 'not a number' });
    await expect(apiFetch('/x', { schema: check })).rejects.toThrow('Unexpected answer from /x: /n must be number');
    reply(200, { n: 1, extra: true });
    await expect(apiFetch('/x', { schema: check })).resolves.toEqual({ n: 1, extra: true });
  });
});

describe('apiRequest', () => {
  it("keeps the caller's Accept header, returns the unread response and signs out on 401", async () => {
    store.set('auth_token', 'tok');
    reply(200, {});
    const response = await apiRequest('/coach/chat/stream', {
      method: 'POST',
      body: { a: 1 },
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.bodyUsed).toBe(false);
    const { headers } = lastRequest();
    expect(headers.get('accept')).toBe('text/event-stream');
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('content-type')).toBe('application/json');
    reply(401, { error: 'Authentication required' });
    expect((await apiRequest('/coach/chat/stream', { method: 'POST' })).status).toBe(401);
    expect(store.has('auth_token')).toBe(false);
    expect(redirect).toHaveBeenCalledWith('/login?next=%2Fnotes%2Ftoday%3Ftab%3D2');
  });
});
