import { addDays, todayIn } from '#common/time.js';
import { startRadicale } from '../../server/src/test/radicale.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario } from '../types.js';

const CACHED_EVENTS = 500;
const RANGE_DAYS = 30;
const RADICALE_EVENTS = 1000;
const RUNS = 5;
const today = todayIn('UTC');
const compact = (d: string) => d.replace(/-/g, '');

/** A calendar of `n` one-hour events over the next 60 days, as one VCALENDAR. */
function bigCalendar(n: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Daymark bench//EN'];
  for (let i = 0; i < n; i++) {
    const date = compact(addDays(today, i % 60));
    const hour = String(7 + (i % 12)).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${i}@daymark`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${date}T${hour}0000Z`,
      `DTEND:${date}T${hour}5000Z`,
      `SUMMARY:Bench event ${i}`,
      'LOCATION:Room 1',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

async function call<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const row = (label: string, times: number[]): BenchRow => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    label,
    runs: times.length,
    'p50 ms': percentile(sorted, 0.5).toFixed(0),
    'max ms': (sorted.at(-1) ?? 0).toFixed(0),
  };
};

export const calendarScenario: BenchScenario = {
  name: 'calendar',
  async seed({ db, userId }) {
    const now = new Date().toISOString();
    // A read-only connection whose cache is seeded directly; auto_sync off, so reads never refresh.
    const conn = await db
      .insertInto('calendar_connections')
      .values({
        user_id: userId,
        provider: 'ics',
        label: 'Bench',
        credentials: 'v1:unused',
        status: 'connected',
        last_sync_time: now,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cal = await db
      .insertInto('calendar_calendars')
      .values({
        user_id: userId,
        connection_id: conn.id,
        remote_id: 'https://example.com/bench.ics',
        summary: 'Bench',
        background_color: '#4285f4',
        foreground_color: '#ffffff',
        writable: 0,
        is_primary: 0,
        sync_state: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const values = Array.from({ length: CACHED_EVENTS }, (_, i) => {
      const start = new Date(Date.parse(`${addDays(today, i % RANGE_DAYS)}T08:00:00Z`) + (i % 10) * 3_600_000);
      return {
        user_id: userId,
        calendar_row_id: cal.id,
        event_id: `bench-${i}`,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
        start_date: null,
        end_date: null,
        data: JSON.stringify({
          etag: null,
          recurringEventId: null,
          summary: `Event ${i}`,
          description: 'Agenda and notes',
          location: 'Room 1',
          attendees: [{ email: 'a@example.com', responseStatus: 'accepted' }],
          organizer: null,
          declined: false,
          htmlLink: null,
        }),
      };
    });
    for (let i = 0; i < values.length; i += 100)
      await db
        .insertInto('calendar_events')
        .values(values.slice(i, i + 100))
        .execute();
    await db
      .insertInto('calendar_sync_settings')
      .values({
        user_id: userId,
        auto_sync: 0,
        sync_workouts: 0,
        sync_journal: 0,
        selected_calendars: '[]',
        updated_at: now,
      })
      .execute();
  },
  routes: [
    {
      label: `calendar events range (${RANGE_DAYS} days, ${CACHED_EVENTS} cached events)`,
      path: `/api/calendar/events/range?startDate=${today}&endDate=${addDays(today, RANGE_DAYS - 1)}&maxResults=2500`,
    },
  ],
  /** Refreshing 1,000 events from a real Radicale: the first fetch, a refresh after a change, and one with none. */
  async measure({ baseUrl, token }) {
    const radicale = await startRadicale({ bench: 'bench-caldav-password' });
    try {
      const calendar = await radicale.importCalendar('bench', 'big', bigCalendar(RADICALE_EVENTS));
      const { connections } = await call<{ connections: Array<{ id: number; provider: string }> }>(
        baseUrl,
        token,
        'GET',
        '/api/calendar/connections',
      );
      for (const c of connections)
        if (c.provider === 'ics') await call(baseUrl, token, 'DELETE', `/api/calendar/ics/${c.id}`);
      const connect: number[] = [];
      const changed: number[] = [];
      const unchanged: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        await call(baseUrl, token, 'POST', '/api/calendar/caldav', {
          url: radicale.url,
          username: 'bench',
          password: 'bench-caldav-password',
        });
        connect.push(performance.now() - t);
        await radicale.put(
          calendar,
          `extra-${i}.ics`,
          bigCalendar(1).replace('bench-0@daymark', `extra-${i}@daymark`),
          'bench',
        );
        t = performance.now();
        const r = await call<{ events: number }>(baseUrl, token, 'POST', '/api/calendar/refresh');
        changed.push(performance.now() - t);
        if (r.events < RADICALE_EVENTS) throw new Error(`only ${r.events} events cached`);
        t = performance.now();
        await call(baseUrl, token, 'POST', '/api/calendar/refresh');
        unchanged.push(performance.now() - t);
      }
      return [
        row(`connect CalDAV + first fetch of ${RADICALE_EVENTS} events (Radicale)`, connect),
        row(`refresh ${RADICALE_EVENTS} events after a change (getctag changed)`, changed),
        row('refresh with nothing changed (getctag same)', unchanged),
      ];
    } finally {
      await radicale.stop();
    }
  },
};
