import { TOKEN_STORAGE_KEY } from '#common/constants.js';

/** The bearer token lives in localStorage so a session survives reloads and new tabs. */
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing stored, nothing to clear.
  }
}
