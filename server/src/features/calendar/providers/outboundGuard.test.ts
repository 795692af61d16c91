import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  anyAddress,
  type ConnectOptions,
  type Connector,
  createGuardedFetch,
  guardedConnector,
  isPublicAddress,
  type LookupAll,
  OutboundRefused,
  PRIVATE_ADDRESS_MESSAGE,
  publicAddressesOnly,
} from './outboundGuard.js';

/**
 * The address check and the guarded connect step, with the resolver and the socket-opening step
 * stubbed: nothing here resolves a real name or opens a real connection.
 */

const REFUSED = [
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['::1', 'IPv6 loopback'],
  ['169.254.169.254', 'cloud metadata (link-local)'],
  ['169.254.0.1', 'link-local'],
  ['fe80::1', 'IPv6 link-local'],
  ['febf:ffff::1', 'IPv6 link-local, end of fe80::/10'],
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.254', 'private 172.16/12, end'],
  ['192.168.1.10', 'private 192.168/16'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT, end'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network'],
  ['::', 'IPv6 unspecified'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'IPv6 multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
  ['::ffff:0:a00:1', 'IPv4-translated private'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b:1::808:808', 'local-use NAT64 prefix'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001:0:7f00:1::808:808', 'Teredo relay on loopback'],
  ['2001:0:808:808::80ff:fffe', 'Teredo client 127.0.0.1 (bits inverted)'],
  ['::7f00:1', 'IPv4-compatible (deprecated)'],
  ['fec0::1', 'site-local (deprecated)'],
  ['100::1', 'discard'],
] as const;

const PUBLIC = [
  '93.184.215.14',
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:0:808:808::f7f7:f7f7',
];

describe('isPublicAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(PUBLIC)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it('refuses what is not an address', () => {
    for (const text of ['', 'localhost', '2130706433', '127.1', '0x7f.1', '[::1]'])
      expect(isPublicAddress(text)).toBe(false);
  });
});

/** A resolver that knows a few names and counts its calls. */
function stubLookup(answers: Record<string, string[]>) {
  return vi.fn<LookupAll>(async (hostname) => {
    const list = answers[hostname];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
}

/** A socket-opening step that never opens one: it records the call and fails. */
function stubConnect(fail = () => new Error('stub: no real connection')) {
  return vi.fn<Connector>((_options, callback) => {
    queueMicrotask(() => callback(fail(), null));
  });
}

const DNS = {
  'calendar.example.com': ['93.184.215.14'],
  'dual.example.com': ['2606:4700:4700::1111', '93.184.215.14'],
  localhost: ['127.0.0.1', '::1'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.215.14', '10.0.0.5'],
  'mapped.example.com': ['::ffff:7f00:1'],
};

/** Runs the connector once; resolves with what it called back. */
function connectThrough(connector: Connector, options: Partial<ConnectOptions>) {
  return new Promise<Error | null>((resolve) => {
    connector({ protocol: 'http:', port: '', hostname: '', ...options }, (err) => resolve(err));
  });
}

describe('guardedConnector', () => {
  it.each(REFUSED)('refuses the IP literal %s without a lookup or a connection', async (address) => {
    const lookup = stubLookup(DNS);
    const connect = stubConnect();
    const err = await connectThrough(guardedConnector(connect, publicAddressesOnly, lookup), { hostname: address });
    expect(err).toBeInstanceOf(OutboundRefused);
    expect(err?.message).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(lookup).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
  });

  it.each([
    ['localhost', 'loopback'],
    ['metadata.example.com', 'the metadata address'],
    ['mapped.example.com', 'an IPv4-mapped loopback'],
    ['mixed.example.com', 'a public and a private address'],
  ])('refuses the name %s, resolving to %s, without a connection', async (hostname) => {
    const lookup = stubLookup(DNS);
    const connect = stubConnect();
    const err = await connectThrough(guardedConnector(connect, publicAddressesOnly, lookup), { hostname });
    expect(err).toBeInstanceOf(OutboundRefused);
    expect(lookup).toHaveBeenCalledWith(hostname);
    expect(connect).not.toHaveBeenCalled();
  });

  it('connects to the checked address, the TLS server name still the host name', async () => {
    const lookup = stubLookup(DNS);
    const connect = stubConnect();
    const err = await connectThrough(guardedConnector(connect, publicAddressesOnly, lookup), {
      hostname: 'calendar.example.com',
      protocol: 'https:',
      port: '',
    });
    expect(err?.message).toBe('stub: no real connection');
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect.mock.calls[0]?.[0]).toMatchObject({
      hostname: '93.184.215.14',
      servername: 'calendar.example.com',
      protocol: 'https:',
    });
  });

  it('tries the next checked address when one fails, and only checked ones', async () => {
    const lookup = stubLookup(DNS);
    const connect = stubConnect();
    await connectThrough(guardedConnector(connect, publicAddressesOnly, lookup), { hostname: 'dual.example.com' });
    expect(connect.mock.calls.map((c) => c[0].hostname)).toEqual(['2606:4700:4700::1111', '93.184.215.14']);
  });

  it('connects to a public IP literal without a lookup and without a server name', async () => {
    const lookup = stubLookup(DNS);
    const connect = stubConnect();
    await connectThrough(guardedConnector(connect, publicAddressesOnly, lookup), {
      hostname: '2606:4700:4700::1111',
      protocol: 'https:',
    });
    expect(lookup).not.toHaveBeenCalled();
    expect(connect.mock.calls[0]?.[0]).toMatchObject({ hostname: '2606:4700:4700::1111', servername: undefined });
  });

  it('passes a failed lookup on as it is (not as a refusal)', async () => {
    const connect = stubConnect();
    const err = await connectThrough(guardedConnector(connect, publicAddressesOnly, stubLookup(DNS)), {
      hostname: 'nowhere.example.com',
    });
    expect(err).not.toBeInstanceOf(OutboundRefused);
    expect(err?.message).toMatch(/ENOTFOUND/);
    expect(connect).not.toHaveBeenCalled();
  });

  it('asks the policy with the port the connection would use', async () => {
    const policy = vi.fn(() => true);
    const connect = stubConnect();
    await connectThrough(guardedConnector(connect, policy, stubLookup(DNS)), { hostname: '10.0.0.1', port: '8443' });
    await connectThrough(guardedConnector(connect, policy, stubLookup(DNS)), {
      hostname: '10.0.0.1',
      protocol: 'https:',
    });
    expect(policy.mock.calls).toEqual([
      ['10.0.0.1', 8443],
      ['10.0.0.1', 443],
    ]);
    expect(connect).toHaveBeenCalledTimes(2);
  });
});

describe('createGuardedFetch, with the resolver and the connect step stubbed', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const f of opened.splice(0)) await f.close();
  });
  const guarded = (lookup = stubLookup(DNS), connect = stubConnect(), policy = publicAddressesOnly) => {
    const f = createGuardedFetch({ lookup, connect, policy });
    opened.push(f);
    return { f, lookup, connect };
  };

  it.each([
    // WHATWG URL parsing turns each of these into 127.0.0.1 before anything connects.
    ['http://2130706433/feed.ics', 'decimal'],
    ['http://127.1/feed.ics', 'short'],
    ['http://0x7f.1/feed.ics', 'hexadecimal'],
    ['http://0177.0.0.1/feed.ics', 'octal'],
    ['http://[::ffff:127.0.0.1]/feed.ics', 'IPv4-mapped'],
    ['http://[::ffff:7f00:1]/feed.ics', 'IPv4-mapped, hex'],
    ['http://[64:ff9b::7f00:1]/feed.ics', 'NAT64'],
    ['http://0.0.0.0:8080/feed.ics', 'unspecified'],
    ['http://0/feed.ics', 'unspecified, short'],
    ['http://[::]/feed.ics', 'IPv6 unspecified'],
    ['http://[::1]:5232/', 'IPv6 loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://localhost:5232/', 'a name for loopback'],
    ['https://mixed.example.com/feed.ics', 'a name with a private address among public ones'],
  ])('refuses %s (%s): no connection is opened', async (url) => {
    const { f, connect } = guarded();
    await expect(f(url)).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    await expect(f(url)).rejects.toBeInstanceOf(OutboundRefused);
    expect(connect).not.toHaveBeenCalled();
  });

  it('sees the normalised host: the decimal and short forms are never looked up as names', async () => {
    const { f, lookup } = guarded();
    for (const url of ['http://2130706433/', 'http://127.1/', 'http://0x7f.1/']) {
      expect(new URL(url).hostname).toBe('127.0.0.1');
      await expect(f(url)).rejects.toBeInstanceOf(OutboundRefused);
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses schemes other than http and https', async () => {
    const { f, connect, lookup } = guarded();
    for (const url of ['ftp://calendar.example.com/feed.ics', 'file:///etc/passwd', 'data:text/calendar,BEGIN']) {
      await expect(f(url)).rejects.toThrow('Calendar addresses must start with https:// or http://.');
    }
    expect(lookup).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
  });

  it('connects a public address to its checked IP (the stub opens nothing)', async () => {
    const { f, connect } = guarded();
    const err = await f('https://calendar.example.com/feed.ics').catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(OutboundRefused);
    expect(connect).toHaveBeenCalled();
    expect(connect.mock.calls[0]?.[0]).toMatchObject({
      hostname: '93.184.215.14',
      servername: 'calendar.example.com',
      protocol: 'https:',
    });
  });

  it('lets the setting reach private addresses: the connect step is asked for them', async () => {
    const { f, connect } = guarded(stubLookup(DNS), stubConnect(), anyAddress);
    await f('http://localhost:5232/').catch(() => {});
    await f('http://[fd00::5]:5232/').catch(() => {});
    // Both of localhost's answers are tried (the stub fails each), then the literal.
    expect(connect.mock.calls.map((c) => c[0].hostname)).toEqual(['127.0.0.1', '::1', 'fd00::5']);
  });
});
