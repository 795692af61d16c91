/** `/login?next=…` for a location the user should return to after signing in. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (!target || target === '/' || target.startsWith('/login')) return '/login';
  return `/login?next=${encodeURIComponent(target)}`;
}

/**
 * The in-app path to go to after signing in. Only same-origin absolute paths are accepted,
 * so a crafted `next` cannot send the user to another site (`//evil.example`, `https://…`).
 */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return fallback;
  return next;
}
