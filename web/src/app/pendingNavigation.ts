import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * The part of the app's router this module and lastRoute.ts read: its location, which changes as soon as a
 * navigation is taken, and whether it is still loading a route's own code (`lazy` routes).
 */
export interface NavigationSource {
  state: { location: { key: string; pathname: string; search: string }; navigation: { state: string } };
  subscribe(listener: (state: NavigationSource['state']) => void): () => void;
}

let source: NavigationSource | undefined;

/** Called once with the app's router (router.tsx). */
export function trackNavigation(router: NavigationSource): void {
  source = router;
}

const subscribe = (notify: () => void) => source?.subscribe(notify) ?? (() => undefined);
/** The router's location key, or null while it loads a route before changing location. */
const latestKey = () => (source?.state.navigation.state === 'idle' ? source.state.location.key : null);
const latestPathname = () => source?.state.location.pathname;

/**
 * The router's pathname: the address, even while the screen still shows the previous page (see
 * below). What links of the shell work their targets out from, so that a click in those moments
 * follows the address, not the screen. Without a tracked router, the screen's.
 */
export function useLatestPathname(): string {
  const shown = useLocation().pathname;
  return useSyncExternalStore(subscribe, latestPathname, () => undefined) ?? shown;
}

/**
 * True while the address has moved on and the screen has not: the router takes a navigation at
 * once, but React shows the new page in a transition, keeping the previous screen until the
 * page's code has arrived. The router's own location is read as an external store (so it updates
 * at once), the screen's from the rendered route tree. Also true while the router itself loads a
 * route's code before changing the address (the transcript section, on its first visit).
 */
export function usePendingNavigation(): boolean {
  const shown = useLocation().key;
  const latest = useSyncExternalStore(subscribe, latestKey, () => undefined);
  return latest !== undefined && latest !== shown;
}
