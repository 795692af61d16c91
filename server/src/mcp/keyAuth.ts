import type { FastifyRequest } from 'fastify';

/** The key from `X-API-Key` or `Authorization: Bearer`. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key?.trim()) return key.trim();
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

/**
 * A browser sends Origin; a page on another site must not reach the endpoint through the
 * user's machine (DNS rebinding). Clients without Origin (desktop apps, CLIs) are unaffected.
 */
export function foreignOrigin(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin !== `${request.protocol}://${request.host}` && !allowed.includes(origin);
}

/** A fixed one-minute window per key, in memory (one server process). */
export class KeyRateLimit {
  private windows = new Map<number, { start: number; count: number }>();

  constructor(
    /** Read on every call, so a configuration change applies at once. */
    private readonly limit: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when the call may go ahead, else the seconds until the window ends. */
  take(keyId: number): number {
    const now = this.now();
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= 60_000) {
      if (this.windows.size > 10_000) this.prune(now);
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    w.count++;
    return w.count > this.limit() ? Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000)) : 0;
  }

  private prune(now: number) {
    for (const [id, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(id);
  }
}
