/**
 * A page's code that cannot be loaded because an update replaced the build: a page opened
 * before the update asks for its chunks by the old names, which the server no longer has (404).
 * Without a service worker in control (a first visit, or an address that is not a secure
 * context, as on a home network over plain HTTP) every section not yet opened fails so until
 * the page is reloaded. The error screen reloads it once by itself, when the server answers
 * (offline, reloading would only replace the error screen with the browser's).
 */

/** What Chromium, Firefox and Safari say when a module script fails, and Vite when a chunk's stylesheet does. */
const CHUNK_LOAD_FAILED = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_FAILED.some((pattern) => pattern.test(message));
}

const RELOADED_AT = 'daymark.reloadedForNewBuild';
/** A second failure this soon after reloading is not a replaced build: the error screen stays. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

function reloadedRecently(now: number): boolean {
  try {
    return now - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_AGAIN_AFTER_MS;
  } catch {
    return true;
  }
}

/**
 * Reloads the page if it did not in the last minute and the server answers. Resolves false when
 * it does not reload (the error screen then stays); on true the page is being reloaded.
 */
export async function reloadForNewBuild(
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): Promise<boolean> {
  if (reloadedRecently(now())) return false;
  try {
    const health = await fetch('/api/health', { cache: 'no-store' });
    if (!health.ok) return false;
  } catch {
    return false;
  }
  try {
    sessionStorage.setItem(RELOADED_AT, String(now()));
  } catch {
    return false;
  }
  reload();
  return true;
}
