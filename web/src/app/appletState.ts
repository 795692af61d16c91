import { type SetStateAction, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { readSession, sessionKey, subscribeSession, writeSession } from './sessionStore';

/**
 * Like useState, but kept in sessionStorage under 'daymark:applet:{appletId}:{key}' as JSON.
 *
 * - The value survives reloads and leaving/returning to the applet within this browser tab's
 *   session; a new tab or a closed tab starts from `initial`.
 * - Every component using the same appletId+key sees the same value and re-renders on change.
 * - `initial` is used when nothing is stored or the stored JSON cannot be read; values must be
 *   JSON-serializable (no Dates, Maps or functions).
 * - Explicit sign-out clears all applet state (clearSessionState); a 401 does not, so after
 *   signing in again the user finds the applet as they left it.
 */
export function useAppletState<T>(
  appletId: string,
  key: string,
  initial: T | (() => T),
): [T, (next: SetStateAction<T>) => void] {
  const storageKey = sessionKey('applet', appletId, key);
  const [fallback] = useState(initial);
  const raw = useSyncExternalStore(
    useCallback((notify) => subscribeSession(storageKey, notify), [storageKey]),
    () => readSession(storageKey),
    () => null,
  );
  const value = useMemo(() => parse(raw, fallback), [raw, fallback]);

  const setValue = useCallback(
    (next: SetStateAction<T>) => {
      const prev = parse(readSession(storageKey), fallback);
      const resolved = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
      writeSession(storageKey, JSON.stringify(resolved));
    },
    [storageKey, fallback],
  );
  return [value, setValue];
}

function parse<T>(raw: string | null, fallback: T): T {
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}
