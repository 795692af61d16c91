import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { isPrivateOrLoopback, ProxyHint } from './proxyHint.js';
import { DEFAULT_LIMITS, LoginThrottle } from './throttle.js';

/** A logger that keeps what it is told. */
function recorder() {
  const lines: Array<{ obj: object; msg: string }> = [];
  return { lines, warn: (obj: object, msg: string) => lines.push({ obj, msg }) };
}

describe('ProxyHint', () => {
  it('knows private and loopback addresses, IPv4 and IPv6 alike', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.18.0.5', '192.168.1.20', '::1', 'fd00::5', '::ffff:192.168.1.2'])
      expect(isPrivateOrLoopback(a), a).toBe(true);
    for (const a of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8', 'not an address', ''])
      expect(isPrivateOrLoopback(a), a).toBe(false);
  });

  it('says once, after 20 sign-in attempts from one private address within the window, to set TRUST_PROXY', () => {
    let now = 0;
    const hint = new ProxyHint({ trustProxy: false, now: () => now });
    const log = recorder();
    // Spread over addresses, or from a public one, nothing is said.
    for (let i = 0; i < 19; i++) hint.note('10.0.0.5', log);
    for (let i = 0; i < 19; i++) hint.note('10.0.0.6', log);
    for (let i = 0; i < 50; i++) hint.note('203.0.113.7', log);
    expect(log.lines).toEqual([]);
    // The window passes: the count starts again.
    now += 15 * 60_000;
    for (let i = 0; i < 19; i++) hint.note('10.0.0.5', log);
    expect(log.lines).toEqual([]);
    expect(hint.note('10.0.0.5', log)).toBe(true);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.msg).toContain('TRUST_PROXY=true');
    expect(log.lines[0]?.obj).toEqual({ address: '10.0.0.5', attempts: 20 });
    for (let i = 0; i < 100; i++) hint.note('10.0.0.5', log);
    expect(log.lines).toHaveLength(1);
  });

  it('says nothing when TRUST_PROXY is on', () => {
    const hint = new ProxyHint({ trustProxy: true });
    const log = recorder();
    for (let i = 0; i < 100; i++) hint.note('127.0.0.1', log);
    expect(log.lines).toEqual([]);
  });
});

describe('the sign-in route and the proxy hint', () => {
  let h: Harness;
  afterEach(async () => h?.close());

  const attempts = async (ip: string, n: number) => {
    for (let i = 0; i < n; i++)
      await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `someone${i}`, password: 'wrong guess' },
        remoteAddress: ip,
      });
  };
  const hints = () => h.logs.filter((l) => l.includes('TRUST_PROXY=true'));
  const generous = () => new LoginThrottle({ ...DEFAULT_LIMITS, perIp: 1000, perUsername: 1000 });

  it('logs the hint once at warn level when 20 sign-ins come from one private address', async () => {
    h = await createHarness({ throttle: generous });
    await attempts('172.17.0.1', 19);
    expect(hints()).toEqual([]);
    await attempts('172.17.0.1', 30);
    expect(hints()).toHaveLength(1);
    expect(JSON.parse(hints()[0] as string)).toMatchObject({ level: 40, address: '172.17.0.1' });
  });

  it('stays silent with TRUST_PROXY on', async () => {
    h = await createHarness({ throttle: generous, env: { TRUST_PROXY: 'true' } });
    await attempts('172.17.0.1', 25);
    expect(hints()).toEqual([]);
  });
});
