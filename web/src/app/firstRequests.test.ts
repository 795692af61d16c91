import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Runs in Node: the browser globals the page's first script touches are stubbed. Each test loads
// the modules afresh, as a page load does.
const local = new Map<string, string>();
const session = new Map<string, string>();
let fetchMock: ReturnType<typeof vi.fn>;

const storage = (m: Map<string, string>) => ({
  getItem: (k: string) => m.get(k) ?? null,
  setItem: (k: string, v: string) => m.set(k, v),
  removeItem: (k: string) => m.delete(k),
});

function open(pathname: string) {
  vi.stubGlobal('window', { location: { pathname, search: '' } });
}

async function load() {
  vi.resetModules();
  const first = await import('./firstRequests');
  const client = await import('../api/client');
  return { ...first, ...client };
}

const urls = () => fetchMock.mock.calls.map(([url]) => url as string);

beforeEach(() => {
  local.clear();
  session.clear();
  let n = 0;
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ n: ++n }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', storage(local));
  vi.stubGlobal('sessionStorage', storage(session));
});

afterEach(() => vi.unstubAllGlobals());

describe('the first screen’s requests', () => {
  it('start the session check and the overview on the dashboard, and the app takes them once', async () => {
    local.set('auth_token', 'tok');
    open('/dashboard');
    const { startFirstRequests, get } = await load();
    startFirstRequests();
    expect(urls()).toEqual(['/api/auth/me', '/api/dashboard/overview']);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');

    // The app's own reads get those responses, without a request of their own.
    await expect(get('/auth/me')).resolves.toEqual({ n: 1 });
    await expect(get('/dashboard/overview')).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: the next read asks the server again.
    await expect(get('/dashboard/overview')).resolves.toEqual({ n: 3 });
    expect(urls()).toEqual(['/api/auth/me', '/api/dashboard/overview', '/api/dashboard/overview']);
  });

  it('start nothing without a stored token', async () => {
    open('/dashboard');
    const { startFirstRequests } = await load();
    startFirstRequests();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('start only the session check away from the dashboard', async () => {
    local.set('auth_token', 'tok');
    open('/notes/today');
    const { startFirstRequests } = await load();
    startFirstRequests();
    expect(urls()).toEqual(['/api/auth/me']);
  });

  it("follow '/' to the session's last route, the dashboard when there is none", async () => {
    local.set('auth_token', 'tok');
    open('/');
    let first = await load();
    first.startFirstRequests();
    expect(urls()).toEqual(['/api/auth/me', '/api/dashboard/overview']);

    fetchMock.mockClear();
    session.set('daymark:lastRoute', '/todos?filter=open');
    first = await load();
    first.startFirstRequests();
    expect(urls()).toEqual(['/api/auth/me']);

    fetchMock.mockClear();
    session.set('daymark:lastRoute', '/dashboard/stats');
    first = await load();
    first.startFirstRequests();
    expect(urls()).toEqual(['/api/auth/me']);
  });

  it('are not taken with another token, nor by a request that is not a plain read', async () => {
    local.set('auth_token', 'tok');
    open('/dashboard');
    const { startFirstRequests, get, apiRequest } = await load();
    startFirstRequests();
    // Signed in as someone else meanwhile: the response sent with the old token is dropped.
    local.set('auth_token', 'other');
    await expect(get('/auth/me')).resolves.toEqual({ n: 3 });
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer other');

    // A read with its own headers (an event stream, say) sends its own request.
    await apiRequest('/dashboard/overview', { headers: { Accept: 'text/event-stream' } });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('pass a failed request on to the read that takes it', async () => {
    local.set('auth_token', 'tok');
    open('/dashboard');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { startFirstRequests, get, isNetworkFailure } = await load();
    startFirstRequests();
    const failure = await get('/auth/me').catch((e: unknown) => e);
    expect(isNetworkFailure(failure)).toBe(true);
    // The next try is a request of its own.
    await expect(get('/auth/me')).resolves.toEqual({ n: 2 });
  });
});
