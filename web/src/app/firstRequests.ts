import { getToken } from '../api/token';
import { readSession, sessionKey } from './sessionStore';

/**
 * The first screen's requests, started by the page's first and smallest script (`boot.ts`)
 * while the app's own scripts are still downloading and being evaluated: the session check,
 * and when the app opens on the dashboard its overview. Started from the app, they waited for
 * its largest script to arrive and run. The app takes each response once (`api/client.ts`),
 * when it asks for the same address with the same token; a response it does not take is
 * dropped with the page. Without a stored token nothing starts: the login page needs none.
 */
interface Started {
  token: string;
  response: Promise<Response>;
}

const started = new Map<string, Started>();

export const FIRST_REQUESTS = { session: '/api/auth/me', overview: '/api/dashboard/overview' } as const;

const isDashboard = (path: string) => path === '/dashboard' || path === '/dashboard/';

/**
 * Whether the app opens on the dashboard: by its address, or for '/' by the session's last
 * route (`lastRoute.ts`), none meaning the dashboard. A last route this cannot tell from the
 * address alone is left to the app, which starts the overview itself when it goes there.
 */
function opensOnDashboard(): boolean {
  const { pathname } = window.location;
  if (pathname !== '/') return isDashboard(pathname);
  const last = readSession(sessionKey('lastRoute'));
  return last === null || isDashboard(last.split('?')[0] ?? '');
}

export function startFirstRequests(): void {
  const token = getToken();
  if (!token) return;
  const start = (url: string) => {
    const response = fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // Its outcome, failure included, is the app's to handle when it takes the response.
    response.catch(() => undefined);
    started.set(url, { token, response });
  };
  start(FIRST_REQUESTS.session);
  if (opensOnDashboard()) start(FIRST_REQUESTS.overview);
}

/** The response started for `url`, once, if it was sent with `token` (not another user's). */
export function takeFirstResponse(url: string, token: string | null): Promise<Response> | undefined {
  const entry = started.get(url);
  if (!entry) return undefined;
  started.delete(url);
  return entry.token === token ? entry.response : undefined;
}
