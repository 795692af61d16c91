import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** The part of the app's router this module reads: its location, as soon as a navigation is taken. */
interface NavigationSource {
  state: { location: { key: string } };
  subscribe(listener: () => void): () => void;
}

let source: NavigationSource | undefined;

/** Called once with the app's router (router.tsx). */
export function trackNavigation(router: NavigationSource): void {
  source = router;
}

const subscribe = (notify: () => void) => source?.subscribe(notify) ?? (() => undefined);
const latestKey = () => source?.state.location.key;

/**
 * True while the address has moved on and the screen has not: the router takes a navigation at
 * once, but React shows the new page in a transition, keeping the previous screen until the
 * page's code has arrived. The router's own location is read as an external store (so it updates
 * at once), the screen's from the rendered route tree.
 */
export function usePendingNavigation(): boolean {
  const shown = useLocation().key;
  const latest = useSyncExternalStore(subscribe, latestKey, () => undefined);
  return latest !== undefined && latest !== shown;
}
