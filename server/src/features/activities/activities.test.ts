import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityDetail, ActivitySummary, ImportDone, ImportEvent } from '#common/api/activities.js';
import { dateInZone } from '#common/time.js';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { buildContext } from '../coach/contextBuilder.js';
import { loadCoachData } from '../coach/sources.js';
import { runDataCommand } from '../dataTransfer/cli.js';
import { stats } from '../stats/service.js';
import { generate } from '../workout/testing.js';
import { parseActivityFile } from './read/index.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const LAPS_RUN = 'fenix6-track-run-laps.fit';
const INDOOR = 'edge800-indoor-trainer.fit';
const SWIM = 'fenix6-pool-swim.fit';
const GPX = 'strava-run.gpx';
const TCX = 'forerunner410-run.tcx';
const HIKE = 'gpsbabel-gpx10-cerknicko.gpx';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { ACTIVITY_IMPORT_MAX_BYTES: String(8 * 1024 * 1024) } });
});
afterAll(() => h.close());

async function upload(c: Client, name: string, body: Buffer) {
  const res = await c.request({
    method: 'POST',
    url: `/api/activities/import?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: body,
  });
  const lines =
    res.statusCode === 200
      ? res.body
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as ImportEvent)
      : [];
  return { res, lines, done: lines.at(-1) as ImportDone | undefined };
}

const list = async (c: Client, query = '') =>
  (await c.request({ method: 'GET', url: `/api/activities${query}` })).json() as {
    activities: ActivitySummary[];
    total: number;
  };
const detail = async (c: Client, id: number) =>
  (await c.request({ method: 'GET', url: `/api/activities/${id}` })).json().activity as ActivityDetail;

async function userIn(name: string, timezone: string) {
  const c = await createUserAndSignIn(h, name);
  expect((await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone } })).statusCode).toBe(200);
  return c;
}

/** A Strava bulk export built from the real fixtures: activities.csv (its real header, a name repeated) and the files. */
function stravaExport(extra: Record<string, Uint8Array> = {}) {
  const csv = [
    'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename,Elapsed Time,Distance',
    `101,"Nov 29, 2026, 7:00:00 AM",Track intervals,Run,,1800,5.0,activities/101.fit.gz,1800,5000`,
    `102,"Nov 28, 2026, 6:00:00 PM",Trainer hour,VirtualRide,,3600,20.0,activities/102.fit.gz,3600,20000`,
    `103,"Nov 27, 2026, 7:00:00 AM",Pool,Swim,,1800,1.0,activities/103.fit,1800,1000`,
    `104,"Nov 26, 2026, 7:00:00 AM",Lunch run,Run,,1800,5.0,activities/104.gpx,1800,5000`,
    `105,"Nov 25, 2026, 7:00:00 AM",Easy run,Run,,1800,5.0,activities/105.tcx.gz,1800,5000`,
    `106,"Nov 24, 2026, 7:00:00 AM",Broken,Run,,1800,5.0,activities/106.fit,1800,5000`,
  ].join('\n');
  return Buffer.from(
    zipSync({
      'export_12345/activities.csv': strToU8(csv),
      'export_12345/activities/101.fit.gz': gzipSync(fixture(LAPS_RUN)),
      'export_12345/activities/102.fit.gz': gzipSync(fixture(INDOOR)),
      'export_12345/activities/103.fit': fixture(SWIM),
      'export_12345/activities/104.gpx': fixture(GPX),
      'export_12345/activities/105.tcx.gz': gzipSync(fixture(TCX)),
      // Cut short: the rest must still come through.
      'export_12345/activities/106.fit': fixture(LAPS_RUN).subarray(0, 400),
      'export_12345/media/photo.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      'export_12345/profile.json': strToU8('{}'),
      ...extra,
    }),
  );
}

describe('importing one file', () => {
  it('adds the activity on its local date with its figures and laps, and a log for the day', async () => {
    const c = await userIn('runner', 'America/Los_Angeles');
    const bytes = fixture(LAPS_RUN);
    const parsed = parseActivityFile(bytes, LAPS_RUN);
    const { res, done } = await upload(c, LAPS_RUN, bytes);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const date = dateInZone(parsed.startAt, 'America/Los_Angeles');
    expect(done).toEqual({ type: 'done', imported: 1, duplicates: 0, attached: 0, failed: [], dates: [date] });

    const { activities, total } = await list(c);
    expect(total).toBe(1);
    const a = activities[0] as ActivitySummary;
    expect(a).toMatchObject({
      date,
      start_at: parsed.startAt.toISOString(),
      sport: parsed.sport,
      device: parsed.device,
      elapsed_s: parsed.elapsedS,
      moving_s: parsed.movingS,
      distance_m: parsed.distanceM,
      avg_hr: parsed.avgHr,
      max_hr: parsed.maxHr,
      format: 'fit',
      file_name: LAPS_RUN,
      lap_count: parsed.laps.length,
    });
    expect(parsed.laps.length).toBeGreaterThan(1);
    const d = await detail(c, a.id);
    expect(d.laps).toEqual(parsed.laps);
    expect(d.route.length).toBeGreaterThan(10);
    expect(d.route.length).toBeLessThanOrEqual(600);

    // The day now has a log naming the activity, which the history and the stats count.
    const logs = (await c.request({ method: 'GET', url: `/api/workout-log?date=${date}` })).json().logs;
    expect(logs).toHaveLength(1);
    expect(logs[0].entry).toMatch(/^Run .* \(imported from .+\)$/);
    expect(logs[0].status).toBe('completed');
    expect(a.log_id).toBe(logs[0].id);

    // The original file comes back byte for byte.
    const original = await c.request({ method: 'GET', url: `/api/activities/${a.id}/original` });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toBe(`attachment; filename="${LAPS_RUN}"`);
    expect(Buffer.compare(original.rawPayload, bytes)).toBe(0);
  });

  it('adds nothing when the same activity comes again, gzipped or not', async () => {
    const c = await userIn('again', 'Europe/Berlin');
    expect((await upload(c, GPX, fixture(GPX))).done?.imported).toBe(1);
    const again = await upload(c, `${GPX}.gz`, gzipSync(fixture(GPX)));
    expect(again.done).toMatchObject({ imported: 0, duplicates: 1, failed: [] });
    expect((await list(c)).total).toBe(1);
  });

  it('attaches an activity to the log the user wrote for its day, leaving the log as written', async () => {
    const c = await userIn('writer', 'UTC');
    const parsed = parseActivityFile(fixture(TCX), TCX);
    const date = dateInZone(parsed.startAt, 'UTC');
    const saved = await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: { date, entry: 'Felt strong on the hills' },
    });
    expect(saved.statusCode).toBe(200);
    const { done } = await upload(c, TCX, fixture(TCX));
    expect(done).toMatchObject({ imported: 1, attached: 1 });
    const logs = (await c.request({ method: 'GET', url: `/api/workout-log?date=${date}` })).json().logs;
    expect(logs).toHaveLength(1);
    expect(logs[0].entry).toBe('Felt strong on the hills');
    expect((await list(c)).activities[0]?.log_id).toBe(logs[0].id);
  });

  it('refuses a bad file with its name and the reason, and changes nothing', async () => {
    const c = await userIn('careful', 'UTC');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const flipped = Buffer.from(fixture(INDOOR));
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 0xff;
    const bomb = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx version="1.1"><trk><name>&b;</name></trk></gpx>`,
    );
    const cases: Array<[string, Buffer, RegExp]> = [
      ['cut.fit', fixture(LAPS_RUN).subarray(0, 300), /^cut\.fit: /],
      ['damaged.fit', flipped, /^damaged\.fit: .*(checksum|damaged)/i],
      ['photo.fit', png, /^photo\.fit: .*not a FIT, GPX or TCX file/],
      ['bomb.gpx', bomb, /^bomb\.gpx: .*entit/i],
      [
        'empty.gpx',
        Buffer.from('<?xml version="1.0"?><gpx version="1.1" creator="x"><metadata/></gpx>'),
        /^empty\.gpx: .*(track|point)/i,
      ],
      ['zeros.fit.gz', gzipSync(Buffer.alloc(70 * 1024 * 1024)), /^zeros\.fit\.gz: .*larger than 64 MB/],
      ['notes.zip', Buffer.from('not a zip at all'), /^notes\.zip: /],
    ];
    for (const [name, body, reason] of cases) {
      const { res } = await upload(c, name, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error, name).toMatch(reason);
    }
    expect((await list(c)).total).toBe(0);
    expect((await c.request({ method: 'GET', url: '/api/workout-log' })).json().total).toBe(0);
  });

  it('refuses an upload past the limit, announced or streamed, and an empty one', async () => {
    const c = await userIn('heavy', 'UTC');
    const announced = await c.request({
      method: 'POST',
      url: '/api/activities/import?name=huge.zip',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(2 * 1024 ** 3) },
      payload: Buffer.alloc(10),
    });
    expect(announced.statusCode).toBe(413);
    expect(announced.json().error).toMatch(/larger than 8 MB/);
    const streamed = await upload(c, 'big.fit', Buffer.alloc(9 * 1024 * 1024, 1));
    expect(streamed.res.statusCode).toBe(413);
    const empty = await upload(c, 'nothing.fit', Buffer.alloc(0));
    expect(empty.res.statusCode).toBe(400);
    expect((await list(c)).total).toBe(0);
  });
});

describe('importing an export', () => {
  it('reads a Strava export file by file: names and types from its list, the bad file reported, the rest kept', async () => {
    const c = await userIn('strava', 'Europe/London');
    const { res, lines, done } = await upload(c, 'export_12345.zip', stravaExport());
    expect(res.statusCode).toBe(200);
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', done: 0, total: 6 });
    expect(progress.at(-1)).toEqual({ type: 'progress', done: 6, total: 6 });
    expect(done).toMatchObject({ imported: 5, duplicates: 0 });
    expect(done?.failed).toEqual([{ file: 'export_12345/activities/106.fit', reason: expect.any(String) }]);

    const { activities } = await list(c);
    const byName = new Map(activities.map((a) => [a.name, a]));
    expect(byName.get('Track intervals')?.sport).toBe('running');
    expect(byName.get('Trainer hour')).toMatchObject({ sport: 'cycling', has_route: false });
    expect(byName.get('Pool')?.sport).toBe('swimming');
    expect(byName.get('Lunch run')?.format).toBe('gpx');
    expect(byName.get('Easy run')?.format).toBe('tcx');

    // The same export again adds nothing.
    const again = await upload(c, 'export_12345.zip', stravaExport());
    expect(again.done).toMatchObject({ imported: 0, duplicates: 5 });
    expect((await list(c)).total).toBe(5);
  });

  it('reports entries outside the export’s folder and keeps the others', async () => {
    const c = await userIn('wary', 'UTC');
    const zip = Buffer.from(
      zipSync({ '../evil.fit': fixture(INDOOR), 'good/ride.fit': fixture(INDOOR), 'good/swim.fit': fixture(SWIM) }),
    );
    const { done } = await upload(c, 'mixed.zip', zip);
    expect(done?.imported).toBe(2);
    expect(done?.failed.map((f) => f.file)).toEqual(['../evil.fit']);
  });
});

describe('reading activities', () => {
  it('only their owner reaches an activity, its file, or deletes it', async () => {
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) => {
        await upload(owner, SWIM, fixture(SWIM));
        return (await list(owner)).activities[0]?.id as number;
      },
      requests: (id) => [
        { method: 'GET', url: `/api/activities/${id}` },
        { method: 'GET', url: `/api/activities/${id}/original` },
        { method: 'DELETE', url: `/api/activities/${id}` },
      ],
      stillThere: async (owner, id) => {
        expect((await detail(owner, id)).id).toBe(id);
        expect((await owner.request({ method: 'DELETE', url: `/api/activities/${id}` })).statusCode).toBe(204);
        expect((await owner.request({ method: 'GET', url: `/api/activities/${id}` })).statusCode).toBe(404);
        // The day's log stays.
        expect((await owner.request({ method: 'GET', url: '/api/workout-log' })).json().total).toBe(1);
      },
    });
  });

  it('counts distance and time per week by sport and the heart rate in the stats', async () => {
    const c = await userIn('stats', 'UTC');
    await upload(c, 'export.zip', stravaExport());
    const all = (await list(c)).activities;
    const user = await h.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'stats')
      .executeTakeFirstOrThrow();
    // The files are years old: the stats are read as of the day after the newest one.
    const now = Date.parse(all[0]?.start_at as string) + 86_400_000;
    const s = await stats(h.ctx.db, h.ctx.dialect, { id: user.id, timeZone: 'UTC' }, '1y', now);
    const inRange = all.filter((a) => a.date >= s.from);
    expect(inRange.length).toBeGreaterThan(0);
    const expected = new Map<string, { minutes: number; km: number }>();
    for (const a of inRange) {
      const start = s.weeks.findLast((w) => w.start <= a.date)?.start as string;
      const e = expected.get(`${start}|${a.sport}`) ?? { minutes: 0, km: 0 };
      e.minutes += (a.moving_s ?? a.elapsed_s) / 60;
      e.km += (a.distance_m ?? 0) / 1000;
      expected.set(`${start}|${a.sport}`, e);
    }
    expect(s.activityWeeks).toHaveLength(expected.size);
    for (const w of s.activityWeeks) {
      const e = expected.get(`${w.start}|${w.sport}`);
      expect(w.minutes).toBe(Math.round(e?.minutes ?? -1));
      expect(w.distance_km).toBeCloseTo(e?.km ?? -1, 1);
    }
    const withHr = new Set(inRange.filter((a) => a.avg_hr !== null).map((a) => a.date));
    expect(new Set(s.heartRate.map((r) => r.date))).toEqual(withHr);
    expect(withHr.size).toBeGreaterThan(0);
  });
});

describe('the export and the CLI', () => {
  it('exports the activities with their original files, and an import into another account brings both', async () => {
    const from = await userIn('exporter', 'UTC');
    await upload(from, LAPS_RUN, fixture(LAPS_RUN));
    await upload(from, `${GPX}.gz`, gzipSync(fixture(GPX)));
    const exported = await from.request({ method: 'GET', url: '/api/export' });
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const originals = Object.keys(files).filter((n) => n.startsWith('activities/'));
    expect(originals.sort()).toEqual(
      [
        expect.stringMatching(/^activities\/[0-9a-f]{32}\/fenix6-track-run-laps\.fit\.gz$/),
        expect.stringMatching(/^activities\/[0-9a-f]{32}\/strava-run\.gpx\.gz$/),
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    for (const n of originals) {
      const back = gunzipSync(files[n] as Uint8Array);
      const source = n.endsWith('.fit.gz') ? fixture(LAPS_RUN) : fixture(GPX);
      expect(Buffer.compare(back, source), n).toBe(0);
    }

    const to = await userIn('importer', 'UTC');
    const imported = await to.request({
      method: 'POST',
      url: '/api/import',
      headers: { 'content-type': 'application/zip' },
      payload: exported.rawPayload,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().tables.activities).toEqual({ added: 2, skipped: 0, rejected: 0 });
    const { activities } = await list(to);
    expect(activities).toHaveLength(2);
    const run = activities.find((a) => a.format === 'fit') as ActivitySummary;
    expect((await detail(to, run.id)).laps.length).toBeGreaterThan(1);
    const original = await to.request({ method: 'GET', url: `/api/activities/${run.id}/original` });
    expect(Buffer.compare(original.rawPayload, fixture(LAPS_RUN))).toBe(0);
    // Importing the same export again adds nothing.
    const twice = await to.request({
      method: 'POST',
      url: '/api/import',
      headers: { 'content-type': 'application/zip' },
      payload: exported.rawPayload,
    });
    expect(twice.json().tables.activities).toEqual({ added: 0, skipped: 2, rejected: 0 });
  });

  it('npm run data -- activities imports a file or an export for a user, and says what it did', async () => {
    await userIn('cli', 'UTC');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-activities-cli-'));
    try {
      const zip = path.join(dir, 'export.zip');
      fs.writeFileSync(zip, stravaExport());
      const out: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
      const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      let code: number;
      try {
        code = await runDataCommand(['activities', '--user', 'cli', zip], h.env);
      } finally {
        log.mockRestore();
        err.mockRestore();
      }
      expect(code).toBe(0);
      expect(out.join('\n')).toMatch(/5 activities added .* 0 already there, 1 could not be read/);
      expect(out.join('\n')).toMatch(/export_12345\/activities\/106\.fit: /);
      const missing = await runDataCommand(['activities', '--user', 'cli', path.join(dir, 'nope.fit')], h.env);
      expect(missing).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the coach and the planner', () => {
  it('the workout coach reads the recorded activities and the load by sport', async () => {
    const c = await userIn('coached', 'UTC');
    await upload(c, 'export.zip', stravaExport());
    const user = await h.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'coached')
      .executeTakeFirstOrThrow();
    const { activities } = await list(c);
    const newest = activities[0] as ActivitySummary;
    const data = await loadCoachData(h.ctx, { userId: user.id, today: newest.date }, ['workouts']);
    expect(data.recorded[0]?.load.latest).toMatchObject({ date: newest.date, sport: newest.sport });
    expect(data.recorded[0]?.lines[0]).toContain(`- ${newest.date}: `);
    const context = buildContext('workout', data, { today: newest.date });
    expect(context).toContain('## Recorded activities');
    expect(context).toMatch(/Load, last 7 days: .*min/);
  });

  it('after a long recorded activity yesterday, the offline plan is an easier one and says why', async () => {
    const c = await userIn('tired', 'UTC');
    // Two hours of walking in the hills (GPSBabel's GPX 1.0 sample): long enough to count.
    await upload(c, HIKE, fixture(HIKE));
    const hike = (await list(c)).activities[0] as ActivitySummary;
    expect(hike.elapsed_s / 60).toBeGreaterThanOrEqual(60);
    const next = new Date(Date.parse(`${hike.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const intensityOf = async (client: Client) => {
      const id = (await generate(client, next)).events.at(-1)?.data.id as number;
      const row = await h.ctx.db
        .selectFrom('workout_plans')
        .select(['intensity', 'plan'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { intensity: row.intensity, notes: JSON.parse(row.plan).notes as string };
    };
    const tired = await intensityOf(c);
    expect(tired.intensity).toBe('easy');
    expect(tired.notes).toContain("Yesterday's activity (4.6 km in 120 minutes) was a long one");
    // Without it, the same day is planned as usual.
    expect((await intensityOf(await userIn('rested', 'UTC'))).intensity).toBe('moderate');
  });
});
