import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingState } from '../ui';

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
 * `name` is the page's named export.
 */
export function lazyPage<P extends object, M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): ComponentType<P> {
  const Page = lazy(() => withTimeout(load).then((m) => ({ default: m[name] as ComponentType<P> })));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<LoadingState message="Loading…" />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
