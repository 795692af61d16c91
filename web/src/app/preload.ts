import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../api/token';
import { preloadOverview } from '../features/dashboard/api';
import { meQuery } from './auth/session';
import { startRoute } from './lastRoute';

/**
 * For a signed-in visitor, starts at once what the first screen needs: the session check, the
 * signed-in shell's chunk and, on the dashboard, the overview's chunk and its data. Rendered in
 * order, each would wait for the one before (session check → shell → overview page → overview
 * request), one network round trip after another. Without a stored token nothing starts: the
 * login page needs none of it.
 */
export function preloadFirstScreen(queryClient: QueryClient): void {
  if (!getToken()) return;
  void queryClient.prefetchQuery(meQuery);
  // A chunk that fails here is loaded again, with its error screen, when the route renders.
  void import('./shell/AppShell').catch(() => undefined);
  const { pathname } = window.location;
  const path = pathname === '/' ? startRoute() : pathname;
  if (path === '/dashboard' || path === '/dashboard/') {
    void import('../features/dashboard/OverviewPage').catch(() => undefined);
    preloadOverview();
  }
}
