/**
 * Daily-note text that the server does not have yet, kept in this browser per user and date
 * until a save succeeds. A failed save, a lost connection or a closed tab loses nothing: the
 * editor restores the draft the next time the note is opened and saves it then.
 */
const key = (username: string, date: string) => `daymark:draft:${username}:daily:${date}`;

export function loadDraft(username: string, date: string): string | null {
  try {
    return localStorage.getItem(key(username, date));
  } catch {
    return null;
  }
}

export function keepDraft(username: string, date: string, text: string): void {
  try {
    localStorage.setItem(key(username, date), text);
  } catch {
    // Storage full or disabled: the autosave still runs; only the offline safety net is missing.
  }
}

/** Forgets the draft once the server has exactly this text. */
export function dropDraft(username: string, date: string, savedText: string): void {
  try {
    if (localStorage.getItem(key(username, date)) === savedText) localStorage.removeItem(key(username, date));
  } catch {}
}
