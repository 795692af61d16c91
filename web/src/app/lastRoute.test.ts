import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberRoutes, sectionHref, startRoute } from './lastRoute';

describe('rememberRoutes', () => {
  let stored: Map<string, string>;

  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  function appRouter(initial: string, loadHistory?: Promise<void>) {
    return createMemoryRouter(
      [
        { path: 'login', element: null },
        { path: 'notes', element: null },
        { path: 'dashboard/*', element: null },
        { path: 'workout', element: null },
        {
          path: 'workout/history',
          lazy: async () => {
            await loadHistory;
            return { element: null };
          },
        },
      ],
      { initialEntries: [initial] },
    );
  }

  it('stores the first location, and each next one in the task that takes it', async () => {
    const router = appRouter('/dashboard/cron-jobs?page=2');
    const stop = rememberRoutes(router);
    expect(startRoute()).toBe('/dashboard/cron-jobs?page=2');

    // Whatever sees the router's new location (the address bar, a reload) sees it stored.
    const seen: string[] = [];
    const unsubscribe = router.subscribe((state) => {
      if (state.navigation.state === 'idle') seen.push(`${state.location.pathname} ${startRoute()}`);
    });
    await router.navigate('/notes');
    await router.navigate('/workout/history');
    expect(seen).toEqual(['/notes /notes', '/workout/history /workout/history']);

    expect(sectionHref('workout', '/notes')).toBe('/workout/history');
    expect(sectionHref('dashboard', '/notes')).toBe('/dashboard/cron-jobs?page=2');
    unsubscribe();
    stop();
  });

  it('keeps the previous route while a page’s code loads, and ignores addresses outside the sections', async () => {
    let loaded = () => {};
    const router = appRouter('/notes', new Promise<void>((resolve) => (loaded = resolve)));
    const stop = rememberRoutes(router);

    const navigation = router.navigate('/workout/history');
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    expect(startRoute()).toBe('/notes');
    loaded();
    await navigation;
    expect(startRoute()).toBe('/workout/history');

    await router.navigate('/login?next=%2Fnotes');
    expect(startRoute()).toBe('/workout/history');
    stop();

    await router.navigate('/notes');
    expect(startRoute()).toBe('/workout/history');
  });
});
