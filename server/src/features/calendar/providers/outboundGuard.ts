import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import tls from 'node:tls';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../../config.js';
import { CalendarError } from './types.js';

/**
 * Calendar addresses a user types (.ics feeds, CalDAV servers) stay outside the server's own
 * network: every connection, the first and each redirect's, goes to an address checked when the
 * socket is opened (the name resolved once, the checked address connected), so a name cannot
 * change its answer between the check and the fetch. Google's endpoints are the administrator's
 * (GOOGLE_*) and do not come through here.
 */

export const PRIVATE_ADDRESS_MESSAGE =
  "This address is inside the server's own network, which this Daymark does not reach. Use the calendar's public address, or ask your administrator.";
const SCHEME_MESSAGE = 'Calendar addresses must start with https:// or http://.';
export const MAX_REDIRECTS = 5;

/** A calendar address the server will not reach; the message is for the user and names no answer. */
export class OutboundRefused extends CalendarError {}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/** The IPv4 addresses an IPv6 form carries and is delivered to; null when it carries none. */
function embeddedIPv4(a: ipaddr.IPv6, range: string): ipaddr.IPv4[] | null {
  const p = a.parts as number[];
  const at = (i: number) => p[i] ?? 0;
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return [v4(at(6), at(7))];
    case '6to4':
      return [v4(at(1), at(2))];
    // Teredo: the relay's address, and the client's (its bits inverted).
    case 'teredo':
      return [v4(at(2), at(3)), v4(~at(6) & 0xffff, ~at(7) & 0xffff)];
    default:
      return null;
  }
}

/**
 * Whether an IP address is public: IPv4 outside every special range ipaddr.js knows (loopback,
 * private, link-local, carrier-grade NAT, unspecified, multicast, broadcast, reserved…); IPv6 in
 * the global unicast block 2000::/3 and outside its special ranges, or a form that embeds an IPv4
 * (mapped, translated, NAT64, 6to4, Teredo) whose IPv4 is public.
 */
export function isPublicAddress(text: string): boolean {
  if (!net.isIP(text)) return false;
  const addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const a = addr as ipaddr.IPv6;
  const range = a.range();
  // The local-use NAT64 prefix (64:ff9b:1::/48) places the IPv4 where its operator chose.
  if (range === 'rfc6052' && !a.match(WELL_KNOWN_NAT64)) return false;
  const embedded = embeddedIPv4(a, range);
  if (embedded) return embedded.every((x) => x.range() === 'unicast');
  return range === 'unicast' && a.match(GLOBAL_UNICAST_V6);
}

/** Which (address, port) a connection may go to. */
export type AddressPolicy = (address: string, port: number) => boolean;
export const publicAddressesOnly: AddressPolicy = (address) => isPublicAddress(address);
export const anyAddress: AddressPolicy = () => true;

export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;
const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * The addresses a connection to `hostname` may use. An IP literal is checked as it is (net.connect
 * would not look it up); a name is resolved, and refused when any of its addresses is refused: a
 * name that points into the server's network is not used, whatever else it points to.
 */
export async function checkedAddresses(
  hostname: string,
  port: number,
  policy: AddressPolicy,
  lookup: LookupAll = systemLookup,
): Promise<string[]> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (net.isIP(host)) {
    if (!policy(host, port)) throw new OutboundRefused(PRIVATE_ADDRESS_MESSAGE);
    return [host];
  }
  const found = await lookup(host);
  if (found.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  if (found.some((a) => !policy(a.address, port))) throw new OutboundRefused(PRIVATE_ADDRESS_MESSAGE);
  return found.map((a) => a.address);
}

/** Where a connection goes: `hostname` is the URL's host until checked, then the checked address. */
export interface ConnectOptions {
  protocol: string;
  hostname: string;
  /** The port as the URL gives it ('' for the scheme's own). */
  port: string | number;
  /** The TLS server name: the URL's host name (absent for an IP literal). */
  servername?: string;
}

/** Opens a socket (TLS for https) and calls back once it is connected, or with the error. */
export type Connector = (
  options: ConnectOptions,
  callback: (err: Error | null, socket: net.Socket | null) => void,
) => void;

/** Node's own socket: plain, or TLS checked against the server name (the host's name). */
export const nodeConnector: Connector = (options, callback) => {
  const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
  const socket =
    options.protocol === 'https:'
      ? tls.connect({ host: options.hostname, port, servername: options.servername, ALPNProtocols: ['http/1.1'] })
      : net.connect({ host: options.hostname, port });
  const ready = options.protocol === 'https:' ? 'secureConnect' : 'connect';
  const onError = (err: Error) => callback(err, null);
  socket.once('error', onError);
  socket.once(ready, () => {
    socket.off('error', onError);
    callback(null, socket);
  });
};

/**
 * The connect step, guarded: the host is resolved and checked, then `connect` opens the socket to
 * a checked address (the next one if it fails), with the TLS server name still the host's name.
 */
export function guardedConnector(
  connect: Connector,
  policy: AddressPolicy,
  lookup: LookupAll = systemLookup,
): Connector {
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    checkedAddresses(options.hostname, port, policy, lookup).then(
      (addresses) => {
        const bare = options.hostname.replace(/^\[|\]$/g, '');
        const servername = options.servername || (net.isIP(bare) ? undefined : options.hostname);
        const attempt = (i: number) =>
          connect({ ...options, hostname: addresses[i] as string, servername }, (err, socket) => {
            if (err && i + 1 < addresses.length) attempt(i + 1);
            else callback(err, socket);
          });
        attempt(0);
      },
      (err: Error) => callback(err, null),
    );
  };
}

export type CalendarFetch = typeof fetch;

export interface GuardOptions {
  /** Public addresses only by default. */
  policy?: AddressPolicy;
  /** The resolver (tests stub it). */
  lookup?: LookupAll;
  /** The socket-opening step (tests stub it); Node's own by default. */
  connect?: Connector;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A connection with nothing sent or received for this long is closed. */
const IDLE_MS = 60_000;
const NULL_BODY = new Set([204, 205, 304]);

function checkScheme(url: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(SCHEME_MESSAGE);
}

function bodyBytes(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  throw new TypeError('A calendar fetch sends text or bytes');
}

/** One request over a guarded connection: Node's HTTP client, the socket from `connector`. */
function send(
  url: URL,
  init: { method: string; headers: Headers; body: Buffer | undefined; signal?: AbortSignal | null },
  connector: Connector,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of init.headers) headers[k] = v;
    if (init.body) headers['content-length'] = String(init.body.length);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers,
        // No agent: Node then opens each connection with `createConnection` (an agent would use
        // its own), and keeps none between requests.
        signal: init.signal ?? undefined,
        createConnection: ((_: unknown, done: (err: Error | null, socket: net.Socket | null) => void) => {
          connector({ protocol: url.protocol, hostname: url.hostname, port: url.port }, done);
          return undefined;
        }) as unknown as http.RequestOptions['createConnection'],
      },
      resolve,
    );
    req.setTimeout(IDLE_MS, () => req.destroy(new Error('The calendar server stopped answering.')));
    req.once('error', reject);
    req.end(init.body);
  });
}

/** Node's answer as a fetch Response (its body decompressed as fetch would). */
function responseOf(res: http.IncomingMessage, method: string): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
    headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
  const status = res.statusCode ?? 502;
  if (method === 'HEAD' || NULL_BODY.has(status)) {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage, headers });
  }
  const encoding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  const stream: Readable = decoder ? res.pipe(decoder) : res;
  if (decoder) res.once('error', (err) => decoder.destroy(err));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    status,
    statusText: res.statusMessage,
    headers,
  });
}

/**
 * A fetch whose every connection goes through the guarded connector (Node's HTTP client on a
 * socket opened to a checked address). Redirects are followed here, at most MAX_REDIRECTS, each
 * hop's URL checked and connected the same way; a caller asking for `redirect: 'manual'` (CalDAV
 * discovery) gets the redirect itself. Across origins the credentials are not sent on; a 303 (or a
 * 301/302 after a POST) continues as a GET. Node's own HTTP client rather than the undici
 * package's fetch: undici 7 crashes the process when a server closes a connection whose answer
 * is still being read (nodejs/undici#5360, fixed only in undici 8, which needs Node 22).
 */
export function createGuardedFetch(opts: GuardOptions = {}): CalendarFetch & { close(): Promise<void> } {
  const policy = opts.policy ?? publicAddressesOnly;
  const connector = guardedConnector(opts.connect ?? nodeConnector, policy, opts.lookup);

  const guarded = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (typeof input !== 'string' && !(input instanceof URL)) throw new TypeError('A calendar fetch takes a URL');
    const mode = init.redirect ?? 'follow';
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = bodyBytes(init.body);
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      checkScheme(url);
      init.signal?.throwIfAborted();
      const res = responseOf(await send(url, { method, headers, body, signal: init.signal }, connector), method);
      const location = res.headers.get('location');
      if (!REDIRECTS.has(res.status) || location === null || mode === 'manual') return res;
      await res.body?.cancel();
      if (mode === 'error') throw new TypeError('fetch failed: unexpected redirect');
      if (hop >= MAX_REDIRECTS)
        throw new CalendarError(`The calendar address redirected more than ${MAX_REDIRECTS} times.`);
      const next = new URL(location, url);
      if (next.origin !== url.origin)
        for (const h of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(h);
      if (res.status === 303 ? method !== 'GET' && method !== 'HEAD' : method === 'POST' && res.status <= 302) {
        method = 'GET';
        body = undefined;
        for (const h of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'])
          headers.delete(h);
      }
      url = next;
    }
  };
  // Connections are not kept between requests: there is nothing to close.
  return Object.assign(guarded as CalendarFetch, { close: async () => {} });
}

const shared = new Map<boolean, CalendarFetch>();

/** The fetch for user-given calendar addresses under the server's configuration. */
export function calendarFetch(config: Pick<Config, 'calendarAllowPrivateHosts'>): CalendarFetch {
  const allow = config.calendarAllowPrivateHosts;
  let f = shared.get(allow);
  if (!f) {
    f = createGuardedFetch({ policy: allow ? anyAddress : publicAddressesOnly });
    shared.set(allow, f);
  }
  return f;
}
