import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { zipSync } from 'fflate';
import FitParser, { getFitGarminProductDisplayName } from 'fit-file-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_LIMITS } from '#common/api/activities.js';
import { type ExportItem, readExport } from './read/export.js';
import { ActivityFileError, type ParsedActivity, parseActivityFile } from './read/index.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const GPSBABEL = '/usr/bin/gpsbabel';

function expectRefused(fn: () => unknown, reason: string | RegExp) {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, 'it should have thrown').toBeInstanceOf(ActivityFileError);
  if (typeof reason === 'string') expect((caught as Error).message).toBe(reason);
  else expect((caught as Error).message).toMatch(reason);
}

/** Great-circle metres, written out here so the test does not borrow the reader's own. */
function metres(a: [number, number], b: [number, number]): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b[0] - a[0]) * r) / 2) ** 2 +
    Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(((b[1] - a[1]) * r) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

// ---------------------------------------------------------------------------------------------
// FIT: every figure against fit-file-parser, a second FIT reader written independently of Garmin's SDK.

interface FitCase {
  file: string;
  sport: ParsedActivity['sport'];
  /** The device name when not a Garmin (whose product name fit-file-parser's table gives). */
  device?: string;
  positions: boolean;
}
const FIT_CASES: FitCase[] = [
  { file: 'fenix6-track-run-laps.fit', sport: 'running', positions: true },
  { file: 'fenix6-pool-swim.fit', sport: 'swimming', positions: false },
  { file: 'fenix6-open-water-swim.fit', sport: 'swimming', positions: true },
  { file: 'edge800-indoor-trainer.fit', sport: 'cycling', positions: false },
  { file: 'vivoactive-hr-indoor-rowing.fit', sport: 'rowing', positions: false },
  { file: 'coros-pace2-run.fit', sport: 'running', device: 'COROS PACE 2', positions: true },
  { file: 'wahoo-elemnt-bolt-ride.fit', sport: 'cycling', device: 'Wahoo ELEMNT BOLT', positions: true },
];

type Loose = Record<string, unknown>;
const squash = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
const orNull = (v: unknown) => (typeof v === 'number' ? v : null);

describe('FIT fixtures, against fit-file-parser', () => {
  for (const c of FIT_CASES) {
    it(c.file, async () => {
      const bytes = fixture(c.file);
      const a = parseActivityFile(bytes, c.file);
      const other = (await new FitParser({ force: false, lengthUnit: 'm', speedUnit: 'm/s', mode: 'list' }).parseAsync(
        bytes,
      )) as unknown as Loose;
      const s = (other.sessions as Loose[])[0]!;
      const laps = other.laps as Loose[];
      const records = other.records as Loose[];
      const fileId = (other.file_ids as Loose[])[0]!;

      expect(a.format).toBe('fit');
      expect(a.sport).toBe(c.sport);
      expect(a.startAt.toISOString()).toBe(new Date(s.start_time as string).toISOString());
      expect(a.elapsedS).toBeCloseTo(s.total_elapsed_time as number, 2);
      expect(a.movingS).toBeCloseTo(s.total_timer_time as number, 2);
      const distance = orNull(s.total_distance);
      if (distance) expect(a.distanceM).toBeCloseTo(distance, 1);
      else expect(a.distanceM).toBeNull();
      expect(a.ascentM).toBe(orNull(s.total_ascent));
      expect(a.avgHr).toBe(orNull(s.avg_heart_rate));
      expect(a.maxHr).toBe(orNull(s.max_heart_rate));
      expect(a.calories).toBe(orNull(s.total_calories));
      expect(a.laps).toHaveLength(laps.length);
      a.laps.forEach((lap, i) => {
        expect(lap.index).toBe(i + 1);
        expect(lap.distance_m ?? 0).toBeCloseTo((laps[i]!.total_distance as number) ?? 0, 1);
        expect(lap.elapsed_s).toBeCloseTo(laps[i]!.total_elapsed_time as number, 2);
      });

      if (fileId.manufacturer === 'garmin') {
        const product = getFitGarminProductDisplayName(fileId.product as number);
        expect(squash(a.device)).toBe(squash(`Garmin ${product}`));
      } else {
        expect(a.device).toBe(c.device);
      }

      const positioned = records.filter(
        (r) => typeof r.position_lat === 'number' && typeof r.position_long === 'number',
      );
      if (!c.positions) {
        expect(positioned).toHaveLength(0);
        expect(a.route).toEqual([]);
      } else {
        expect(a.route.length).toBe(Math.min(ACTIVITY_LIMITS.routePoints, positioned.length));
        const first = positioned[0]!;
        const last = positioned.at(-1)!;
        expect(a.route[0]![0]).toBeCloseTo(first.position_lat as number, 5);
        expect(a.route[0]![1]).toBeCloseTo(first.position_long as number, 5);
        expect(a.route.at(-1)![0]).toBeCloseTo(last.position_lat as number, 5);
        expect(a.route.at(-1)![1]).toBeCloseTo(last.position_long as number, 5);
      }
    });
  }

  it('reads a gzipped FIT the same as the plain one', () => {
    const plain = parseActivityFile(fixture('coros-pace2-run.fit'), 'a.fit');
    const gz = parseActivityFile(zlib.gzipSync(fixture('coros-pace2-run.fit')), 'a.fit.gz');
    expect(gz).toEqual(plain);
  });
});

// ---------------------------------------------------------------------------------------------
// GPX and TCX: against GPSBabel's reading (its own GPX output, one track a segment).

interface BabelPoint {
  lat: number;
  lon: number;
  time: Date | null;
  hr: number | null;
}

function gpsbabel(args: string[]): string {
  if (!fs.existsSync(GPSBABEL)) {
    throw new Error(`${GPSBABEL} is missing: install it (apt-get install gpsbabel) to run the GPX/TCX comparisons`);
  }
  return execFileSync(GPSBABEL, args, { encoding: 'utf8' });
}

/** The tracks GPSBabel reads from a file, each segment made a track of its own. */
function babelTracks(format: 'gpx' | 'gtrnctr', file: string): BabelPoint[][] {
  const out = gpsbabel([
    '-t',
    '-i',
    format,
    '-f',
    path.join(FIXTURES, file),
    '-x',
    'track,seg2trk',
    '-o',
    'gpx,garminextensions',
    '-F',
    '-',
  ]);
  return out
    .split('<trk>')
    .slice(1)
    .map((trk) =>
      [...trk.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)">([\s\S]*?)<\/trkpt>/g)].map((m) => {
        const time = /<time>([^<]+)<\/time>/.exec(m[3]!)?.[1];
        const hr = /<gpxtpx:hr>(\d+)<\/gpxtpx:hr>/.exec(m[3]!)?.[1];
        return { lat: Number(m[1]), lon: Number(m[2]), time: time ? new Date(time) : null, hr: hr ? Number(hr) : null };
      }),
    );
}

function length(track: BabelPoint[]): number {
  let d = 0;
  for (let i = 1; i < track.length; i++)
    d += metres([track[i - 1]!.lat, track[i - 1]!.lon], [track[i]!.lat, track[i]!.lon]);
  return d;
}

function timeSpan(points: BabelPoint[]): { first: Date; last: Date } {
  const times = points.map((p) => p.time!.getTime()).filter(Number.isFinite);
  return { first: new Date(Math.min(...times)), last: new Date(Math.max(...times)) };
}

const GPX_CASES = [
  { file: 'garmin-connect-run.gpx', device: 'Garmin Connect', name: 'Untitled' },
  { file: 'strava-run.gpx', device: 'StravaGPX', name: 'Greeting SF with a dumb, dumb route' },
  { file: 'gpsbabel-gpx10-cerknicko.gpx', device: 'GPSBabel', name: 'ACTIVE LOG' },
];

describe('GPX fixtures, against GPSBabel', () => {
  beforeAll(() => {
    expect(fs.existsSync(GPSBABEL), `${GPSBABEL} is missing: install gpsbabel to run these tests`).toBe(true);
  });
  for (const c of GPX_CASES) {
    it(c.file, () => {
      const a = parseActivityFile(fixture(c.file), c.file);
      const tracks = babelTracks('gpx', c.file).filter((t) => t.length > 0);
      const all = tracks.flat();
      const { first, last } = timeSpan(all);
      expect(a.format).toBe('gpx');
      expect(a.device).toBe(c.device);
      expect(a.name).toBe(c.name);
      expect(a.sport).toBe('other');
      expect(a.startAt.toISOString()).toBe(first.toISOString());
      expect(a.elapsedS).toBe((last.getTime() - first.getTime()) / 1000);
      expect(a.movingS).toBeNull();
      const babelDistance = tracks.reduce((sum, t) => sum + length(t), 0);
      expect(Math.abs(a.distanceM! - babelDistance) / babelDistance).toBeLessThan(0.002);
      expect(a.laps).toHaveLength(tracks.length);
      a.laps.forEach((lap, i) => {
        const d = length(tracks[i]!);
        expect(Math.abs(lap.distance_m! - d)).toBeLessThan(Math.max(1, d * 0.002));
      });
      const hrs = all.map((p) => p.hr).filter((h): h is number => h != null);
      if (hrs.length === 0) {
        expect(a.avgHr).toBeNull();
        expect(a.maxHr).toBeNull();
      } else {
        expect(a.maxHr).toBe(Math.max(...hrs));
        expect(a.avgHr).toBe(Math.round(hrs.reduce((x, y) => x + y, 0) / hrs.length));
      }
      expect(a.route.length).toBe(Math.min(ACTIVITY_LIMITS.routePoints, all.length));
      expect(a.route[0]![0]).toBeCloseTo(all[0]!.lat, 5);
      expect(a.ascentM).toBeGreaterThan(0);
      expect(a.calories).toBeNull();
    });
  }

  it('takes the sport from trk/type, words or Strava numbers', () => {
    const gpx = (type: string) =>
      Buffer.from(
        `<?xml version="1.0"?><gpx version="1.1" creator="StravaGPX iPhone" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>A &amp; B</name><type>${type}</type><trkseg><trkpt lat="1" lon="1"><time>2024-01-01T10:00:00Z</time><extensions><heartrate>120</heartrate></extensions></trkpt><trkpt lat="1.001" lon="1"><time>2024-01-01T10:01:00Z</time></trkpt></trkseg></trk></gpx>`,
      );
    expect(parseActivityFile(gpx('running'), 'x.gpx').sport).toBe('running');
    expect(parseActivityFile(gpx('9'), 'x.gpx').sport).toBe('running');
    expect(parseActivityFile(gpx('1'), 'x.gpx').sport).toBe('cycling');
    expect(parseActivityFile(gpx('hiking'), 'x.gpx').sport).toBe('hiking');
    const a = parseActivityFile(gpx('running'), 'x.gpx');
    expect(a.name).toBe('A & B');
    expect(a.avgHr).toBe(120);
    expect(a.distanceM).toBeCloseTo(111.2, 0);
  });

  it('reads route points (rte/rtept) when there is no track', () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><rte><name>R</name><rtept lat="1" lon="1"><time>2024-01-01T10:00:00Z</time></rtept><rtept lat="1.01" lon="1"><time>2024-01-01T10:10:00Z</time></rtept></rte></gpx>`;
    const a = parseActivityFile(Buffer.from(gpx), 'r.gpx');
    expect(a.name).toBe('R');
    expect(a.elapsedS).toBe(600);
    expect(a.route).toHaveLength(2);
  });
});

/** The lap totals a TCX states, read straight from its text (GPSBabel reads points, not totals). */
function tcxLapTotals(file: string) {
  const text = fixture(file).toString('utf8');
  return text
    .split('<Lap ')
    .slice(1)
    .map((block) => {
      const head = block.split('<Track>')[0]!;
      const value = (re: RegExp) => {
        const m = re.exec(head);
        return m ? Number(m[1]) : null;
      };
      return {
        start: new Date(/StartTime="([^"]+)"/.exec(head)![1]!),
        time: value(/<TotalTimeSeconds>([\d.]+)</)!,
        distance: value(/<DistanceMeters>([\d.]+)</)!,
        calories: value(/<Calories>(\d+)</),
        avgHr: value(/<AverageHeartRateBpm>\s*<Value>(\d+)</),
        maxHr: value(/<MaximumHeartRateBpm>\s*<Value>(\d+)</),
      };
    });
}

const TCX_CASES = [
  { file: 'forerunner410-run.tcx', sport: 'running', device: 'Forerunner 410' },
  { file: 'fitbit-versa-ride.tcx', sport: 'cycling', device: 'Fitbit Versa' },
] as const;

describe('TCX fixtures, against GPSBabel and their lap totals', () => {
  for (const c of TCX_CASES) {
    it(c.file, () => {
      const a = parseActivityFile(fixture(c.file), c.file);
      const laps = tcxLapTotals(c.file);
      const lapWaypoints = gpsbabel([
        '-i',
        'gtrnctr',
        '-f',
        path.join(FIXTURES, c.file),
        '-o',
        'unicsv,utc=0',
        '-F',
        '-',
      ])
        .split('\n')
        .filter((l) => /"LAP\d+"/.test(l));
      const tracks = babelTracks('gtrnctr', c.file);
      const all = tracks.flat();
      const { last } = timeSpan(all);

      expect(a.format).toBe('tcx');
      expect(a.sport).toBe(c.sport);
      expect(a.device).toBe(c.device);
      expect(a.laps).toHaveLength(lapWaypoints.length);
      expect(a.laps).toHaveLength(laps.length);
      expect(a.startAt.toISOString()).toBe(laps[0]!.start.toISOString());
      a.laps.forEach((lap, i) => {
        expect(lap.distance_m).toBeCloseTo(laps[i]!.distance, 3);
        expect(lap.moving_s).toBeCloseTo(laps[i]!.time, 3);
      });
      expect(a.distanceM).toBeCloseTo(
        laps.reduce((s, l) => s + l.distance, 0),
        3,
      );
      expect(a.movingS).toBeCloseTo(
        laps.reduce((s, l) => s + l.time, 0),
        3,
      );
      // Elapsed reaches the last trackpoint GPSBabel read (or the laps' own end, if later).
      expect(a.elapsedS).toBeGreaterThanOrEqual((last.getTime() - a.startAt.getTime()) / 1000);
      expect(a.elapsedS).toBeGreaterThanOrEqual(a.movingS!);
      expect(a.calories).toBe(laps.reduce((s, l) => s + (l.calories ?? 0), 0));
      const hrs = all.map((p) => p.hr).filter((h): h is number => h != null);
      if (laps.every((l) => l.avgHr != null)) {
        // Lap averages weighted by lap time; the maximum of the laps' maxima.
        const weighted = laps.reduce((s, l) => s + l.avgHr! * l.time, 0) / laps.reduce((s, l) => s + l.time, 0);
        expect(a.avgHr).toBe(Math.round(weighted));
        expect(a.maxHr).toBe(Math.max(...laps.map((l) => l.maxHr!)));
        for (const [i, lap] of a.laps.entries()) expect(lap.avg_hr).toBe(laps[i]!.avgHr);
      } else {
        // No lap states heart rate: it comes from the trackpoints.
        expect(a.maxHr).toBe(Math.max(...hrs));
        expect(Math.abs(a.avgHr! - hrs.reduce((x, y) => x + y, 0) / hrs.length)).toBeLessThanOrEqual(1);
      }
      expect(a.route.length).toBe(Math.min(ACTIVITY_LIMITS.routePoints, all.length));
      expect(a.route[0]![0]).toBeCloseTo(all[0]!.lat, 5);
      expect(a.route.at(-1)![1]).toBeCloseTo(all.at(-1)!.lon, 5);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Bad input: always ActivityFileError, with the reason in plain words.

describe('refused files', () => {
  it('a FIT file cut short', () => {
    const whole = fixture('fenix6-track-run-laps.fit');
    expectRefused(
      () => parseActivityFile(whole.subarray(0, Math.floor(whole.length * 0.6)), 'run.fit'),
      'the file is cut short',
    );
    expectRefused(() => parseActivityFile(whole.subarray(0, 13), 'run.fit'), 'the file is cut short');
  });

  it('a FIT file with a flipped byte (checksum)', () => {
    const bad = Buffer.from(fixture('coros-pace2-run.fit'));
    bad[Math.floor(bad.length / 2)]! ^= 0xff;
    expectRefused(() => parseActivityFile(bad, 'run.fit'), 'its checksum does not match (the file is damaged)');
  });

  it('a PNG and a text file renamed .fit', () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR'),
      Buffer.alloc(64, 7),
    ]);
    expectRefused(() => parseActivityFile(png, 'photo.fit'), 'it is not a FIT, GPX or TCX file');
    expectRefused(
      () => parseActivityFile(Buffer.from('just some notes\n'), 'notes.fit'),
      'it is not a FIT, GPX or TCX file',
    );
    expectRefused(
      () => parseActivityFile(Buffer.from('<html><body/></html>'), 'page.gpx'),
      'it is not a FIT, GPX or TCX file',
    );
    expectRefused(() => parseActivityFile(Buffer.alloc(0), 'empty.fit'), 'the file is empty');
  });

  it('a GPX without track or route points', () => {
    const gpx =
      '<?xml version="1.0"?><gpx version="1.1" creator="x"><metadata><name>n</name></metadata><trk><trkseg/></trk></gpx>';
    expectRefused(() => parseActivityFile(Buffer.from(gpx), 'empty.gpx'), 'it has no track or route points');
  });

  it('a GPX or TCX cut short', () => {
    const text = fixture('strava-run.gpx');
    expectRefused(
      () => parseActivityFile(text.subarray(0, text.length / 2), 'run.gpx'),
      'its XML is damaged or cut short',
    );
    const tcx = fixture('forerunner410-run.tcx');
    expectRefused(
      () => parseActivityFile(tcx.subarray(0, tcx.length / 3), 'run.tcx'),
      'its XML is damaged or cut short',
    );
  });

  it('an XML bomb (billion laughs), before any parsing', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE gpx [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<gpx version="1.1" creator="&lol9;"><trk><name>&lol9;</name><trkseg><trkpt lat="1" lon="1"><time>2024-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>`;
    expectRefused(
      () => parseActivityFile(Buffer.from(bomb), 'bomb.gpx'),
      'it declares XML entities, which are not accepted',
    );
    expectRefused(
      () =>
        parseActivityFile(zlib.gzipSync(Buffer.from(bomb.replaceAll('gpx', 'TrainingCenterDatabase'))), 'bomb.tcx.gz'),
      'it declares XML entities, which are not accepted',
    );
  });

  it('a gzip bomb: 65 MB of zeros in a few kB, stopped at the 64 MB cap', () => {
    const bomb = zlib.gzipSync(Buffer.alloc(ACTIVITY_LIMITS.fileBytes + 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    expectRefused(() => parseActivityFile(bomb, 'bomb.fit.gz'), 'it is larger than 64 MB when unpacked');
    // A lower cap (an option) says so in its own size.
    expectRefused(
      () => parseActivityFile(zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024)), 'b.gpx.gz', { maxBytes: 1024 * 1024 }),
      'it is larger than 1 MB when unpacked',
    );
  });

  it('a gzip cut short', () => {
    const gz = zlib.gzipSync(fixture('strava-run.gpx'));
    expectRefused(() => parseActivityFile(gz.subarray(0, gz.length / 2), 'run.gpx.gz'), 'the file is cut short');
  });
});

// ---------------------------------------------------------------------------------------------
// Export zips, built here from the fixtures.

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-export-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function collect(zipPath: string, limits?: Parameters<typeof readExport>[1]): Promise<ExportItem[]> {
  const items: ExportItem[] = [];
  for await (const item of readExport(zipPath, limits)) items.push(item);
  return items;
}

function writeZip(name: string, files: Record<string, Uint8Array>): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, zipSync(files, { level: 6 }));
  return file;
}

/** Rewrites an entry's uncompressed size in the zip's central directory (what yauzl reads). */
function declareSize(zipFile: string, entry: string, size: number) {
  const buf = fs.readFileSync(zipFile);
  for (let i = buf.length - 22; i >= 0; i--) {
    if (buf.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = buf.readUInt16LE(i + 28);
    if (buf.toString('utf8', i + 46, i + 46 + nameLength) === entry) {
      buf.writeUInt32LE(size, i + 24);
      fs.writeFileSync(zipFile, buf);
      return;
    }
  }
  throw new Error(`no entry ${entry}`);
}

const STRAVA_HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed';

describe('readExport', () => {
  it('reads a Strava export: names and types from activities.csv, the bad file reported, the rest through', async () => {
    const csv = [
      STRAVA_HEADER,
      '101,"Jun 10, 2021, 10:35:14 AM",Track Tuesday,Run,,1670,6.44,184,,false,,,activities/101.fit.gz,,,1670.0,1670.0,6440.0,5.1',
      '102,"Jan 19, 2015, 9:24:20 PM","Greeting SF, with a route",Walk,,1256,3.57,187,,false,,,activities/102.gpx,,,1256.0,1256.0,3568.0,4.0',
      '103,"Dec 27, 2020, 3:43:49 PM",Sunday ride,Ride,,2283,6.84,156,,false,,,activities/103.tcx.gz,,,2283.0,2283.0,6840.0,9.0',
      '104,"Jul 9, 2021, 12:11:20 PM",Pool,Swim,,1769,1.1,160,,false,,,activities/104.fit,,,1769.0,1761.0,1100.0,1.0',
      '105,"Jan 1, 2022, 8:00:00 AM",Broken,Run,,60,0.1,,,false,,,activities/105.fit,,,60.0,60.0,100.0,2.0',
      '106,"Jan 2, 2022, 8:00:00 AM",Manual entry,Weight Training,,3600,0,,,false,,,,,,3600.0,3600.0,0,0',
    ].join('\n');
    const broken = Buffer.from(fixture('wahoo-elemnt-bolt-ride.fit'));
    broken[2000]! ^= 0x55;
    const zipFile = writeZip('strava.zip', {
      // The CSV last in the zip's order: the reader still applies it to the files before it.
      'activities/101.fit.gz': zlib.gzipSync(fixture('fenix6-track-run-laps.fit')),
      'activities/102.gpx': fixture('strava-run.gpx'),
      'activities/103.tcx.gz': zlib.gzipSync(fixture('fitbit-versa-ride.tcx')),
      'activities/104.fit': fixture('fenix6-pool-swim.fit'),
      'activities/105.fit': broken,
      'activities/106.gpx.gz': Buffer.from('not gzip at all'),
      'media/photo.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
      'profile.json': Buffer.from('{}'),
      'activities.csv': Buffer.from(csv),
    });
    const items = await collect(zipFile);
    expect(items[0]).toEqual({ kind: 'total', total: 6 });
    const byFile = new Map(items.slice(1).map((i) => [(i as { file: string }).file, i]));
    expect(byFile.size).toBe(6);
    const act = (f: string) => {
      const item = byFile.get(f);
      expect(item?.kind, f).toBe('activity');
      return (item as Extract<ExportItem, { kind: 'activity' }>).activity;
    };
    expect(act('activities/101.fit.gz')).toMatchObject({ name: 'Track Tuesday', sport: 'running', format: 'fit' });
    expect(act('activities/101.fit.gz').laps).toHaveLength(17);
    // The CSV's type wins over the file's (no type in this GPX; "Walk" here).
    expect(act('activities/102.gpx')).toMatchObject({ name: 'Greeting SF, with a route', sport: 'walking' });
    expect(act('activities/103.tcx.gz')).toMatchObject({ name: 'Sunday ride', sport: 'cycling', format: 'tcx' });
    expect(act('activities/104.fit')).toMatchObject({ name: 'Pool', sport: 'swimming', distanceM: 1100 });
    expect(byFile.get('activities/105.fit')).toEqual({
      kind: 'failed',
      file: 'activities/105.fit',
      reason: 'its checksum does not match (the file is damaged)',
    });
    // Named .gz but not gzipped: the content decides, and it is none of the three.
    expect(byFile.get('activities/106.gpx.gz')).toEqual({
      kind: 'failed',
      file: 'activities/106.gpx.gz',
      reason: 'it is not a FIT, GPX or TCX file',
    });
  });

  it('reports unsafe paths and an entry declaring a huge size, and reads the others', async () => {
    const zipFile = writeZip('evil.zip', {
      '../evil.fit': fixture('coros-pace2-run.fit'),
      'export/activities/1.fit': fixture('coros-pace2-run.fit'),
      'export/activities/big.gpx': fixture('strava-run.gpx'),
    });
    declareSize(zipFile, 'export/activities/big.gpx', 0xfffffff0);
    const items = await collect(zipFile);
    expect(items[0]).toEqual({ kind: 'total', total: 3 });
    expect(items).toContainEqual({
      kind: 'failed',
      file: '../evil.fit',
      reason: 'its path inside the zip is not allowed',
    });
    expect(items).toContainEqual({
      kind: 'failed',
      file: 'export/activities/big.gpx',
      reason: 'it is larger than 64 MB when unpacked',
    });
    const ok = items.filter((i) => i.kind === 'activity');
    expect(ok).toHaveLength(1);
    expect((ok[0] as Extract<ExportItem, { kind: 'activity' }>).activity.device).toBe('COROS PACE 2');
  });

  it('refuses a file that is not a zip', async () => {
    const file = path.join(tmp, 'not.zip');
    fs.writeFileSync(file, fixture('strava-run.gpx'));
    await expect(collect(file)).rejects.toBeInstanceOf(ActivityFileError);
    await expect(collect(file)).rejects.toThrow('it is not a zip file, or the zip is damaged');
  });

  it('refuses an export with more files than allowed', async () => {
    const zipFile = writeZip('many.zip', {
      'a/1.fit': fixture('wahoo-elemnt-bolt-ride.fit'),
      'a/2.fit': fixture('wahoo-elemnt-bolt-ride.fit'),
      'a/3.fit': fixture('wahoo-elemnt-bolt-ride.fit'),
    });
    await expect(collect(zipFile, { limits: { filesPerExport: 2 } })).rejects.toThrow(
      'it holds more than 2 activity files',
    );
    await expect(collect(zipFile, { limits: { entries: 2 } })).rejects.toThrow('it holds more than 2 files');
  });
});
