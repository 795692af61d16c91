import type { Section } from '#common/constants.js';
import type { NavigationSource } from './pendingNavigation';
import { sectionOf } from './sections';
import { readSession, sessionKey, writeSession } from './sessionStore';

/*
 * Last-route memory, kept for the browser session (sessionStorage, see sessionStore.ts):
 *
 * - Every location inside a section is stored as 'daymark:lastRoute:{section}' and as the
 *   overall 'daymark:lastRoute' (path + query string).
 * - A section link in the top bar or bottom tab bar leads to that section's last route, so
 *   switching Workout → Notes → Workout returns to e.g. /workout/history. Clicking the link of
 *   the section you are already in leads to its root (like tapping an active tab on a phone).
 *   The link works its target out from the address (the router's location, shell/SectionLink.tsx),
 *   since while a new page is still loading the address has changed and the screen has not.
 * - Opening '/' restores 'daymark:lastRoute' (e.g. after a reload of the root URL in the same
 *   tab); with nothing stored it goes to /dashboard. Unknown paths always go to /dashboard.
 * - A new tab starts fresh; explicit sign-out forgets everything.
 * - A location is stored when the router takes it, in the same task that changes the address,
 *   not when its screen renders: a page whose code is still loading, or a reload right after a
 *   click, would otherwise find the previous route stored. A section address opened while signed
 *   out is stored too; it is where the login page leads anyway (its `next`).
 */
const LAST = sessionKey('lastRoute');
const lastFor = (section: Section) => sessionKey('lastRoute', section);

function valid(route: string | null, section?: Section): route is string {
  if (!route) return false;
  const owner = sectionOf(route.split('?')[0] ?? '');
  return owner !== undefined && (section === undefined || owner === section);
}

function remember({ pathname, search }: NavigationSource['state']['location']): void {
  const section = sectionOf(pathname);
  if (!section) return;
  const route = pathname + search;
  writeSession(lastFor(section), route);
  writeSession(LAST, route);
}

/** Records the router's location now and whenever a navigation is taken; called once (router.tsx). */
export function rememberRoutes(router: NavigationSource): () => void {
  remember(router.state.location);
  let last = router.state.location;
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location === last) return;
    last = state.location;
    remember(last);
  });
}

/** Where a section link should lead: its last route in this session, else its root. */
export function sectionHref(section: Section, currentPathname: string): string {
  if (sectionOf(currentPathname) === section) return `/${section}`;
  const stored = readSession(lastFor(section));
  return valid(stored, section) ? stored : `/${section}`;
}

/** Where '/' should lead: the last route of this session, else /dashboard. */
export function startRoute(): string {
  const stored = readSession(LAST);
  return valid(stored) ? stored : '/dashboard';
}
