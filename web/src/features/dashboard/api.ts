import { dashboardOverview } from 'virtual:response-checks';
import { useQuery } from '@tanstack/react-query';
import type { DashboardOverview } from '#common/api/dashboard.js';
import { get } from '../../api/client';
import { getToken } from '../../api/token';

export const overviewKey = ['dashboard', 'overview'] as const;

const fetchOverview = () => get<DashboardOverview>('/dashboard/overview', { schema: dashboardOverview });

/** The overview request the first page started before React rendered, for the token it was sent with. */
let preloaded: { token: string | null; request: Promise<DashboardOverview> } | undefined;

/**
 * Starts the overview request at once, when the app opens on /dashboard (app/preload.ts),
 * instead of after the session check, the shell's and the page's chunks have arrived one after
 * the other. The page's first query takes this request; every later one asks the server anew.
 */
export function preloadOverview(): void {
  const request = fetchOverview();
  // Its outcome, failure included, is the first query's: nothing to report here.
  request.catch(() => undefined);
  preloaded = { token: getToken(), request };
}

/** The preloaded request, once, if it was sent with the token still stored (not another user's). */
function takePreloaded(): Promise<DashboardOverview> | undefined {
  const taken = preloaded;
  preloaded = undefined;
  return taken && taken.token === getToken() ? taken.request : undefined;
}

/** The whole overview in one request, read afresh each time the page opens. */
export function useOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: () => takePreloaded() ?? fetchOverview(),
    staleTime: 0,
  });
}
