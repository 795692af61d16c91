import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Whether an address is loopback or private (IPv4 private ranges, IPv6 unique-local), as a proxy's would be. */
export function isPrivateOrLoopback(address: string): boolean {
  if (!net.isIP(address)) return false;
  let addr = ipaddr.parse(address);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  return ['private', 'loopback', 'uniqueLocal'].includes(addr.range());
}

export interface ProxyHintOptions {
  trustProxy: boolean;
  /** Sign-in attempts from one such address within the window that make the hint. */
  threshold?: number;
  windowMs?: number;
  now?: () => number;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Behind a reverse proxy without TRUST_PROXY, every request seems to come from the proxy's
 * address: the per-address sign-in limit is then shared by everyone (one guesser slows every
 * browser without a device cookie), and the log shows the proxy instead of people. Many sign-in
 * attempts from one private or loopback address is what that looks like: it is said once in the
 * log (warn), with what to set. Nothing else changes; the counts are this process's.
 */
export class ProxyHint {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private said = false;
  private readonly threshold: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ProxyHintOptions) {
    this.threshold = options.threshold ?? 20;
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts one sign-in attempt from `ip`; true when this one made the hint. */
  note(ip: string, log: Logger): boolean {
    if (this.said || this.options.trustProxy || !isPrivateOrLoopback(ip)) return false;
    const now = this.now();
    let c = this.counts.get(ip);
    if (!c || c.resetAt <= now) {
      if (this.counts.size >= 1000) this.counts.clear();
      c = { count: 0, resetAt: now + this.windowMs };
      this.counts.set(ip, c);
    }
    if (++c.count < this.threshold) return false;
    this.said = true;
    this.counts.clear();
    log.warn(
      { address: ip, attempts: c.count },
      `${c.count} sign-in attempts came from ${ip}, a private or loopback address, within ${Math.round(this.windowMs / 60_000)} minutes. ` +
        'If Daymark runs behind a reverse proxy, set TRUST_PROXY=true (and have the proxy set X-Forwarded-For), ' +
        "so that sign-in limits and the log see each person's own address rather than the proxy's.",
    );
    return true;
  }
}
