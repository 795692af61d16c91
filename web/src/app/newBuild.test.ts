import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RELOAD_AGAIN_AFTER_MS, reloadForNewBuild } from './newBuild';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/NotesPage-a1b2.js',
    'error loading dynamically imported module: http://localhost/assets/NotesPage-a1b2.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/NotesPage-a1b2.css',
  ])('knows %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it.each([
    new Error('Loading this page took too long'),
    new Error('Cannot read properties of undefined'),
    { status: 404, statusText: 'Not Found' },
    undefined,
  ])('leaves other errors to the error screen: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('reloadForNewBuild', () => {
  let stored: Map<string, string>;
  const health = vi.fn<() => Promise<Response>>();

  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    });
    vi.stubGlobal('fetch', (url: string) => {
      expect(url).toBe('/api/health');
      return health();
    });
    health.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reloads once when the server answers, and not again within a minute', async () => {
    health.mockResolvedValue(new Response('{}', { status: 200 }));
    const reload = vi.fn();
    let now = 1_000_000;
    expect(await reloadForNewBuild(reload, () => now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    now += RELOAD_AGAIN_AFTER_MS - 1;
    expect(await reloadForNewBuild(reload, () => now)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    now += 1;
    expect(await reloadForNewBuild(reload, () => now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the server cannot be reached or is failing', async () => {
    const reload = vi.fn();
    health.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await reloadForNewBuild(reload)).toBe(false);
    health.mockResolvedValueOnce(new Response('{}', { status: 503 }));
    expect(await reloadForNewBuild(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(stored.size).toBe(0);
  });

  it('does not reload when the tab cannot remember having done so', async () => {
    health.mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('storage is disabled');
      },
    });
    const reload = vi.fn();
    expect(await reloadForNewBuild(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
