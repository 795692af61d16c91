import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { freePort } from '../../test/freePort.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS } from '../../test/harness.js';
import { icsText } from '../../test/icsFeed.js';
import { type Radicale, startRadicale } from '../../test/radicale.js';
import { caldavProvider } from './providers/caldav.js';
import { downloadIcs } from './providers/ics.js';
import {
  anyAddress,
  type CalendarFetch,
  createGuardedFetch,
  MAX_REDIRECTS,
  OutboundRefused,
  PRIVATE_ADDRESS_MESSAGE,
} from './providers/outboundGuard.js';
import type { ProviderContext } from './providers/types.js';
import { cacheWindow } from './sync.js';

/**
 * Calendar addresses inside the server's own network, through the API and the providers. Every
 * server here listens on a loopback address and counts what reaches it, so a broken check sends
 * its traffic to this machine only, and shows up as a count above zero.
 */

interface Counter {
  url: string;
  port: number;
  hits: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const FEED = icsText([{ uid: 'u1', summary: 'Stand-up', date: '2026-12-01' }]);
const serveFeed: Handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(FEED);

async function counter(host: '127.0.0.1' | '::1', handler: Handler = serveFeed): Promise<Counter> {
  const hits: Counter['hits'] = [];
  const server = http.createServer((req, res) => {
    hits.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const redirectTo =
  (target: () => string, status = 302): Handler =>
  (_req, res) =>
    res.writeHead(status, { location: target() }).end();

let feed: Counter;
/** The same feed on IPv6 loopback, when the machine has one. */
let feed6: Counter | null = null;
/** Redirects every request to the feed. */
let bounce: Counter;
const servers: Counter[] = [];
let h: Harness;

beforeAll(async () => {
  feed = await counter('127.0.0.1');
  bounce = await counter(
    '127.0.0.1',
    redirectTo(() => `${feed.url}/after-redirect.ics`),
  );
  servers.push(feed, bounce);
  try {
    feed6 = await counter('::1');
    servers.push(feed6);
  } catch {
    feed6 = null;
  }
});
afterAll(async () => {
  for (const s of servers) await s.close();
});
afterEach(async () => {
  for (const s of servers) s.hits.length = 0;
  await h?.close();
});

/** The loopback forms of the feed's address, each with its own path (a URL is subscribed once). */
const loopbackFeeds = () => {
  const p = feed.port;
  return [
    `http://127.0.0.1:${p}/a.ics`,
    `http://localhost:${p}/b.ics`,
    `http://0.0.0.0:${p}/c.ics`,
    `http://2130706433:${p}/d.ics`,
    `http://127.1:${p}/e.ics`,
    `webcal://127.0.0.1:${p}/f.ics`,
    ...(feed6 ? [`http://[::1]:${feed6.port}/g.ics`] : []),
  ];
};

const subscribe = (c: Client, url: string) =>
  c.request({ method: 'POST', url: '/api/calendar/ics', payload: { url, name: 'Feed' } });
const connectCaldav = (c: Client, url: string) =>
  c.request({ method: 'POST', url: '/api/calendar/caldav', payload: { url, username: 'alice', password: 'pw' } });
const connections = async (c: Client) =>
  (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections as unknown[];
const totalHits = () => servers.reduce((n, s) => n + s.hits.length, 0);

describe('calendar addresses inside the server network, by default', () => {
  it('refuses each loopback form of an .ics address, and a redirect into loopback; nothing reaches them', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    // webcal: becomes https:, which the refusal must not depend on.
    const urls = [...loopbackFeeds(), `${bounce.url}/redirects.ics`];
    for (const url of urls) {
      const res = await subscribe(c, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: PRIVATE_ADDRESS_MESSAGE });
    }
    expect(totalHits()).toBe(0);
    expect(await connections(c)).toEqual([]);
  });

  it('refuses a CalDAV server on loopback before any request, discovery included', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    for (const url of [`${feed.url}/`, `http://localhost:${feed.port}/dav/`, ...(feed6 ? [`${feed6.url}/`] : [])]) {
      const res = await connectCaldav(c, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: PRIVATE_ADDRESS_MESSAGE });
    }
    expect(totalHits()).toBe(0);
    expect(await connections(c)).toEqual([]);
  });

  it('says nothing of whether a refused address answers: the same words for a closed port', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const closedPort = await freePort();
    const open = await subscribe(c, `${feed.url}/x.ics`);
    const closed = await subscribe(c, `http://127.0.0.1:${closedPort}/x.ics`);
    expect(closed.json()).toEqual({ error: PRIVATE_ADDRESS_MESSAGE });
    expect(open.json()).toEqual(closed.json());
    const dav = await connectCaldav(c, `http://127.0.0.1:${closedPort}/`);
    expect(dav.json()).toEqual({ error: PRIVATE_ADDRESS_MESSAGE });
  });
});

describe('with CALENDAR_ALLOW_PRIVATE_HOSTS=true', () => {
  it('reads .ics feeds on loopback, following a redirect', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'alice');
    // webcal: becomes https:, which these plain-HTTP servers do not speak.
    const urls = loopbackFeeds().filter((u) => !u.startsWith('webcal:'));
    for (const url of urls) {
      const res = await subscribe(c, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    }
    const viaRedirect = await subscribe(c, `${bounce.url}/redirects.ics`);
    expect(viaRedirect.statusCode, viaRedirect.body).toBe(201);
    expect(bounce.hits.map((x) => x.path)).toEqual(['/redirects.ics']);
    expect(feed.hits.map((x) => x.path)).toContain('/after-redirect.ics');
    // Each address read once, and the redirect's target once.
    expect(feed.hits.length + (feed6?.hits.length ?? 0)).toBe(urls.length + 1);
  });

  it('reaches a CalDAV address on loopback', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'alice');
    // The feed server is no CalDAV server: the connection fails, but only after asking it.
    const res = await connectCaldav(c, `${feed.url}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).not.toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(feed.hits.length).toBeGreaterThan(0);
  });
});

describe('the guarded fetch on redirects', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const f of opened.splice(0)) await f.close();
  });
  const guarded = (policy: (address: string, port: number) => boolean) => {
    const f = createGuardedFetch({ policy });
    opened.push(f);
    return f;
  };

  it('checks the redirect target itself: an allowed first hop cannot lead into the network', async () => {
    const target = await counter('127.0.0.1');
    const targets = [
      `${target.url}/inside.ics`,
      `http://localhost:${target.port}/inside.ics`,
      ...(feed6 ? [`http://[::1]:${target.port}/inside.ics`] : []),
    ];
    let next = '';
    const first = await counter(
      '127.0.0.1',
      redirectTo(() => next, 307),
    );
    try {
      // Only the first server's port on 127.0.0.1 is allowed, as a public address would be.
      const f = guarded((address, port) => address === '127.0.0.1' && port === first.port);
      for (const url of targets) {
        next = url;
        const err = await downloadIcs(`${first.url}/start.ics`, null, f).catch((e: unknown) => e);
        expect(err, url).toBeInstanceOf(OutboundRefused);
        expect((err as Error).message).toBe(PRIVATE_ADDRESS_MESSAGE);
      }
      expect(first.hits).toHaveLength(targets.length);
      expect(target.hits).toHaveLength(0);
    } finally {
      await first.close();
      await target.close();
    }
  });

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    const chain = await counter('127.0.0.1', (req, res) => {
      const n = Number(req.url?.split('/')[1]);
      if (n > 0) res.writeHead(302, { location: `/${n - 1}` }).end();
      else serveFeed(req, res);
    });
    try {
      const f = guarded(anyAddress);
      expect((await downloadIcs(`${chain.url}/${MAX_REDIRECTS}`, null, f))?.body).toBe(FEED);
      chain.hits.length = 0;
      await expect(downloadIcs(`${chain.url}/${MAX_REDIRECTS + 1}`, null, f)).rejects.toThrow(
        `The calendar address redirected more than ${MAX_REDIRECTS} times.`,
      );
      expect(chain.hits).toHaveLength(MAX_REDIRECTS + 1);
    } finally {
      await chain.close();
    }
  });

  it('keeps If-None-Match across a redirect, and a 304 at its end means unchanged', async () => {
    const end = await counter('127.0.0.1', (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') res.writeHead(304).end();
      else res.writeHead(200, { etag: '"v1"', 'content-type': 'text/calendar' }).end(FEED);
    });
    const start = await counter(
      '127.0.0.1',
      redirectTo(() => `${end.url}/feed.ics`, 301),
    );
    try {
      const f = guarded(anyAddress);
      expect(await downloadIcs(`${start.url}/feed.ics`, null, f)).toEqual({ body: FEED, etag: '"v1"' });
      expect(await downloadIcs(`${start.url}/feed.ics`, '"v1"', f)).toBeNull();
      expect(end.hits.map((x) => x.headers['if-none-match'])).toEqual([undefined, '"v1"']);
    } finally {
      await start.close();
      await end.close();
    }
  });

  it('sends credentials on only within the origin; a 307 keeps the method and body, a 303 turns into a GET', async () => {
    const other = await counter('127.0.0.1', (_req, res) => res.writeHead(207).end('<multistatus/>'));
    const home = await counter('127.0.0.1', (req, res) => {
      if (req.url === '/same') res.writeHead(307, { location: '/final' }).end();
      else if (req.url === '/away') res.writeHead(307, { location: `${other.url}/final` }).end();
      else if (req.url === '/see-other') res.writeHead(303, { location: `${other.url}/final` }).end();
      else res.writeHead(207).end('<multistatus/>');
    });
    try {
      const f = guarded(anyAddress);
      const init = {
        method: 'PROPFIND',
        headers: { authorization: 'Basic c2VjcmV0', depth: '0' },
        body: '<propfind/>',
      };
      for (const path of ['/same', '/away', '/see-other'])
        expect((await f(`${home.url}${path}`, init)).status).toBe(207);
      const finalHome = home.hits.filter((x) => x.path === '/final');
      expect(finalHome).toHaveLength(1);
      expect(finalHome[0]).toMatchObject({ method: 'PROPFIND', headers: { authorization: 'Basic c2VjcmV0' } });
      expect(other.hits.map((x) => [x.method, x.headers.authorization])).toEqual([
        ['PROPFIND', undefined],
        ['GET', undefined],
      ]);
      // A caller that follows redirects itself (CalDAV discovery) gets the redirect.
      const manual = await f(`${home.url}/same`, { ...init, redirect: 'manual' });
      expect([manual.status, manual.headers.get('location')]).toEqual([307, '/final']);
    } finally {
      await home.close();
      await other.close();
    }
  });
});

describe('the guarded fetch on a server that closes its connection', () => {
  it('reads an answer whose connection closed before it was read', async () => {
    // Radicale closes its connection as soon as an answer is sent; the answer is read later.
    // (This shape, timing permitting, is what ended the process under undici 7's fetch,
    // nodejs/undici#5360; the bench's refresh from Radicale met it every run.)
    const body = Buffer.alloc(64 * 1024, 0x61);
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
        socket.write(body);
        socket.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const f = createGuardedFetch({ policy: anyAddress });
      const res = await f(`http://127.0.0.1:${(server.address() as AddressInfo).port}/big.ics`);
      await new Promise((r) => setTimeout(r, 300));
      expect((await res.arrayBuffer()).byteLength).toBe(body.length);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('CalDAV never uses any other fetch', () => {
  const pctx = (allow: boolean): ProviderContext => ({
    config: loadConfig({ DATA_DIR: os.tmpdir(), CALENDAR_ALLOW_PRIVATE_HOSTS: String(allow) }),
    timeZone: 'UTC',
    window: cacheWindow(),
    onCredentials: async () => {},
  });
  const event = { date: '2026-12-02', summary: 'Workout: Run', description: 'Easy' };

  it('without the setting, no CalDAV call reaches a loopback server: discovery, reading, adding, updating', async () => {
    const dav = await counter('127.0.0.1', (_req, res) => res.writeHead(207).end());
    try {
      const creds = { url: `${dav.url}/`, username: 'alice', password: 'pw' };
      const cal = { remoteId: `${dav.url}/alice/work/`, summary: 'Work' } as Parameters<
        typeof caldavProvider.fetchChanges
      >[1];
      const refused = { message: PRIVATE_ADDRESS_MESSAGE };
      await expect(caldavProvider.listCalendars(creds, pctx(false))).rejects.toMatchObject(refused);
      await expect(caldavProvider.fetchChanges(creds, cal, null, pctx(false))).rejects.toMatchObject(refused);
      const write = caldavProvider.writeEvent as NonNullable<typeof caldavProvider.writeEvent>;
      const first = { remoteEventId: `${cal.remoteId}daymark-1.ics`, etag: null, written: false };
      await expect(write(creds, cal.remoteId, first, event, pctx(false))).rejects.toMatchObject(refused);
      const existing = { ...first, written: true };
      await expect(write(creds, cal.remoteId, existing, event, pctx(false))).rejects.toMatchObject(refused);
      expect(dav.hits).toHaveLength(0);
    } finally {
      await dav.close();
    }
  });

  describe('against Radicale', () => {
    let radicale: Radicale;
    beforeAll(async () => {
      radicale = await startRadicale({ alice: 'alice-app-password' });
      await radicale.makeCalendar('alice', 'work', { displayName: 'Work' });
    });
    afterAll(async () => radicale?.stop());

    it('discovers, reads, adds and updates with the global fetch never called', async () => {
      const creds = { url: `${radicale.url}/`, username: 'alice', password: 'alice-app-password' };
      const globalFetch = vi.spyOn(globalThis, 'fetch') as unknown as ReturnType<typeof vi.fn<CalendarFetch>>;
      try {
        const calendars = await caldavProvider.listCalendars(creds, pctx(true));
        expect(calendars.map((c) => c.summary)).toEqual(['Work']);
        const work = calendars[0] as (typeof calendars)[number];
        const write = caldavProvider.writeEvent as NonNullable<typeof caldavProvider.writeEvent>;
        const target = { remoteEventId: `${work.remoteId}daymark-outbound.ics`, etag: null, written: false };
        const added = await write(creds, work.remoteId, target, event, pctx(true));
        const updated = await write(
          creds,
          work.remoteId,
          { ...added, written: true },
          { ...event, summary: 'Workout: Long run' },
          pctx(true),
        );
        expect(updated.remoteEventId).toBe(added.remoteEventId);
        const changes = await caldavProvider.fetchChanges(creds, { ...work, version: null }, null, pctx(true));
        expect(changes.kind === 'replace' && changes.events.map((e) => e.summary)).toEqual(['Workout: Long run']);
        expect(globalFetch).not.toHaveBeenCalled();
      } finally {
        globalFetch.mockRestore();
      }
    });
  });
});
