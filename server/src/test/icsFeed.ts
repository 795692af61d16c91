import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from './harness.js';

/** One event of a test feed: a timed one has `start`/`end` instants, an all-day one a `date`. */
export interface FeedEvent {
  uid: string;
  summary: string;
  start?: string;
  end?: string;
  date?: string;
  description?: string;
  location?: string;
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as \\n. */
const escapeText = (t: string) => t.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');

/** The iCalendar text of a feed, as a calendar host would publish it. */
export function icsText(events: FeedEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Daymark tests//EN'];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, 'DTSTAMP:20260101T000000Z');
    if (e.date) lines.push(`DTSTART;VALUE=DATE:${e.date.replace(/-/g, '')}`);
    else lines.push(`DTSTART:${stamp(e.start as string)}`, `DTEND:${stamp(e.end as string)}`);
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/** A real HTTP server publishing one .ics feed whose events a test can change. */
export async function startIcsFeed(events: FeedEvent[]) {
  let body = icsText(events);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar.ics`;
  return {
    url,
    set(next: FeedEvent[]) {
      body = icsText(next);
    },
    /** Subscribes a signed-in user to the feed (which also fills the cache). */
    async subscribe(c: Client, name = 'Work') {
      const res = await c.request({ method: 'POST', url: '/api/calendar/ics', payload: { url, name } });
      if (res.statusCode !== 201) throw new Error(`subscribing failed: ${res.statusCode} ${res.body}`);
      return res.json() as { id: number };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
