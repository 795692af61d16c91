import { type ComponentType, lazy } from 'react';

/** A chunk that has not arrived after this long fails (and the route's error screen shows). */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading this page took too long')), CHUNK_TIMEOUT_MS);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * A page loaded on first use, in its own chunk, so the first screen downloads only what it needs.
 * `name` is the page's named export. AppletLayout shows the loading state while it arrives.
 */
export function lazyPage<P extends object, M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return lazy(() => withTimeout(load).then((m) => ({ default: m[name] as ComponentType<P> })));
}
