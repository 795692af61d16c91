/**
 * The sign-in counters' arithmetic, shared by the in-memory throttle and the database one. A key
 * (an address, a username, or one browser's device cookie) lets attempts through until its
 * failures reach its limit; from then on each further attempt waits, the first wait short and
 * each further failure doubling it, up to a ceiling. A key is forgotten once it has been left
 * alone for `forgetMs` after its wait ended, so a slow guesser stays at the ceiling and a person
 * who mistyped starts afresh a quarter of an hour later.
 */
export interface Rule {
  limit: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetMs: number;
}

export interface Counter {
  /** Attempts let through and not taken back by a success. */
  count: number;
  /** No attempt is let through before this instant (ms since the epoch). */
  blockedUntil: number;
  /** After this instant the counter no longer exists. */
  expiresAt: number;
}

const live = (c: Counter | undefined, now: number) => (c && c.expiresAt > now ? c : undefined);

/** Milliseconds the key must still wait at `now`; 0: an attempt may go through. */
export function waitLeft(c: Counter | undefined, now: number): number {
  const l = live(c, now);
  return l ? Math.max(0, l.blockedUntil - now) : 0;
}

/** The wait that follows the `count`-th attempt: none below the limit, then doubling to the ceiling. */
export function waitAfter(count: number, rule: Rule): number {
  if (count < rule.limit) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(count - rule.limit, 30));
}

/**
 * The counter after one more attempt is let through at `now`. Below the limit it blocks nothing
 * (0, not `now`): another instance, or an attempt that waited for the counter's lock, may count
 * with a clock that reads a little earlier, and must not see a wait that was never set.
 */
export function counted(c: Counter | undefined, rule: Rule, now: number): Counter {
  const count = (live(c, now)?.count ?? 0) + 1;
  const wait = waitAfter(count, rule);
  return { count, blockedUntil: wait > 0 ? now + wait : 0, expiresAt: now + wait + rule.forgetMs };
}

/** Seconds for Retry-After: whole seconds, at least one. */
export const retrySeconds = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 1000));
