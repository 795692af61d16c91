import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort.js';

/**
 * A real Radicale CalDAV server (the Debian package `radicale`) on a free port, with a throwaway
 * storage folder and one user per entry of `users`. Used by the server tests, the e2e specs and
 * the bench, the way the throwaway PostgreSQL is: nothing about CalDAV is faked.
 */
export interface Radicale {
  /** http://127.0.0.1:PORT (no trailing slash) */
  url: string;
  users: Record<string, string>;
  /** The Authorization header of one of its users, for reading or changing their calendars directly. */
  auth(user: string): { authorization: string };
  /** Creates a calendar collection for a user: `/user/name/`; returns its URL. */
  makeCalendar(user: string, name: string, opts?: { displayName?: string; color?: string }): Promise<string>;
  /**
   * Creates (or replaces) a whole calendar from one VCALENDAR holding many events, each becoming
   * its own object (Radicale's import): fast seeding of large calendars.
   */
  importCalendar(user: string, name: string, ics: string): Promise<string>;
  /** Stores an iCalendar object in a calendar, returns its URL. */
  put(calendarUrl: string, fileName: string, ics: string, user: string): Promise<string>;
  stop(): Promise<void>;
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** `port`: a fixed port (Playwright's global setup); a free one by default. */
export async function startRadicale(
  users: Record<string, string> = { alice: 'alice-app-password' },
  opts: { port?: number } = {},
): Promise<Radicale> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-radicale-'));
  const port = opts.port ?? (await freePort());
  const htpasswd = path.join(dir, 'users');
  fs.writeFileSync(
    htpasswd,
    `${Object.entries(users)
      .map(([u, p]) => `${u}:${p}`)
      .join('\n')}\n`,
  );
  const config = path.join(dir, 'config');
  fs.writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${htpasswd}`,
      'htpasswd_encryption = plain',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const bin = fs.existsSync('/usr/bin/radicale') ? '/usr/bin/radicale' : 'radicale';
  const child: ChildProcess = spawn(bin, ['--config', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${stderr}`);
    try {
      const res = await fetch(`${url}/.web/`);
      if (res.status < 500) break;
    } catch {}
    if (i > 150) {
      await stop();
      throw new Error(`radicale did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const request = async (user: string, method: string, target: string, body?: string, headers = {}) => {
    const res = await fetch(target, {
      method,
      headers: { authorization: basic(user, users[user] ?? ''), ...headers },
      body,
    });
    if (res.status >= 300) throw new Error(`${method} ${target}: ${res.status} ${await res.text()}`);
    return res;
  };

  return {
    url,
    users,
    auth: (user) => ({ authorization: basic(user, users[user] ?? '') }),
    async makeCalendar(user, name, opts = {}) {
      const target = `${url}/${user}/${name}/`;
      // The user's principal collection is created on their first authenticated request.
      await request(user, 'PROPFIND', `${url}/${user}/`, undefined, { depth: '0' });
      const props = [
        opts.displayName ? `<D:displayname>${opts.displayName}</D:displayname>` : '',
        opts.color ? `<I:calendar-color>${opts.color}</I:calendar-color>` : '',
      ].join('');
      await request(
        user,
        'MKCALENDAR',
        target,
        `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
  <D:set><D:prop>${props}<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set>
</C:mkcalendar>`,
        { 'content-type': 'application/xml; charset=utf-8' },
      );
      return target;
    },
    async importCalendar(user, name, ics) {
      const target = `${url}/${user}/${name}/`;
      await request(user, 'PROPFIND', `${url}/${user}/`, undefined, { depth: '0' });
      await request(user, 'PUT', target, ics, { 'content-type': 'text/calendar; charset=utf-8' });
      return target;
    },
    async put(calendarUrl, fileName, ics, user) {
      const target = `${calendarUrl}${fileName}`;
      await request(user, 'PUT', target, ics, { 'content-type': 'text/calendar; charset=utf-8' });
      return target;
    },
    stop,
  };
}

/** Something that sends requests to the app as a signed-in user (the harness's Client). */
interface Requester {
  request(opts: {
    method: 'POST';
    url: string;
    payload: Record<string, string>;
  }): Promise<{ statusCode: number; body: string }>;
}

/**
 * Connects a Daymark user to a Radicale user through the app's own route, as the settings screen
 * does; throws with the app's answer unless it is 201.
 */
export async function connectCaldav(c: Requester, radicale: Radicale, user: string) {
  const password = radicale.users[user];
  if (password === undefined) throw new Error(`Radicale has no user ${user}`);
  const res = await c.request({
    method: 'POST',
    url: '/api/calendar/caldav',
    payload: { url: `${radicale.url}/`, username: user, password },
  });
  if (res.statusCode !== 201) throw new Error(`connecting ${user}'s CalDAV answered ${res.statusCode}: ${res.body}`);
}
