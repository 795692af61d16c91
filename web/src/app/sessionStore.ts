/*
 * Browser-session state (sessionStorage): survives reloads and in-app navigation of this tab,
 * disappears when the tab is closed, and is never shared with other tabs. Every key starts
 * with 'daymark:' so signing out can clear them all.
 */
const PREFIX = 'daymark:';
const listeners = new Map<string, Set<() => void>>();

export function sessionKey(...parts: string[]): string {
  return PREFIX + parts.join(':');
}

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage full or unavailable: the state simply is not kept.
  }
  for (const notify of listeners.get(key) ?? []) notify();
}

export function subscribeSession(key: string, listener: () => void): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Forgets all Daymark session state (on explicit sign-out, so the next user starts fresh). */
export function clearSessionState(): void {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(PREFIX)) writeSession(key, null);
    }
  } catch {
    // Nothing stored.
  }
}
