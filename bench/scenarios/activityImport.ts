import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { serverMemory } from '../memory.js';
import { startServer } from '../server.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario } from '../types.js';

/** The export's size: the 3,000 activities in about 500 MB; smaller for a quick run. */
const ACTIVITIES = Number(process.env.BENCH_IMPORT_ACTIVITIES ?? 3000);
const TARGET_MB = Number(process.env.BENCH_IMPORT_MB ?? 500);
/** A phone photo's size, about: the media/ entries that bring the zip to its size. */
const MEDIA_BYTES = 4 * 1024 * 1024;
const ADMIN = { username: 'admin', password: 'bench-admin-password' };
const FIXTURES = new URL('../../server/src/features/activities/fixtures/', import.meta.url);
const MB = 1024 * 1024;
const DAY_MS = 86_400_000;
/** An import that answers nothing new for this long fails the scenario instead of hanging it. */
const STALL_MS = Number(process.env.BENCH_IMPORT_STALL_S ?? 120) * 1000;

/** The GPX fixtures (real files) with the Strava type each is exported as. */
const SOURCES = [
  { file: 'strava-run.gpx', type: 'Run', name: 'Lunch Run' },
  { file: 'garmin-connect-run.gpx', type: 'Run', name: 'Evening Run' },
  { file: 'gpsbabel-gpx10-cerknicko.gpx', type: 'Walk', name: 'Morning Walk' },
];

/**
 * Strava's activities.csv header as its bulk export writes it (names repeated: the first
 * "Elapsed Time" and "Distance" are in the athlete's units, the later ones in seconds and metres).
 */
const CSV_HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed,Average Speed,Elevation Gain';

/** A GPX fixture cut at its `<time>` elements, so that a copy shifted by whole days is one join. */
interface Template {
  parts: string[];
  /** Each `<time>`'s instant (ms) and whether it was written with milliseconds. */
  times: Array<{ ms: number; millis: boolean }>;
  type: string;
  name: string;
  elapsedS: number;
}

function template(source: (typeof SOURCES)[number]): Template {
  const text = fs.readFileSync(new URL(source.file, FIXTURES), 'utf8');
  const parts = text.split(/<time>([^<]*)<\/time>/);
  const times: Template['times'] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const value = parts[i] ?? '';
    times.push({ ms: Date.parse(value), millis: value.includes('.') });
  }
  const ms = times.map((t) => t.ms).filter(Number.isFinite);
  return { parts, times, type: source.type, name: source.name, elapsedS: (Math.max(...ms) - Math.min(...ms)) / 1000 };
}

/** The fixture with every `<time>` moved `days` later: a distinct start, so a distinct activity. */
function shifted(t: Template, days: number): Buffer {
  const out: string[] = [];
  for (let i = 0; i < t.parts.length; i++) {
    if (i % 2 === 0) {
      out.push(t.parts[i] ?? '');
      continue;
    }
    const time = t.times[(i - 1) / 2];
    if (!time || !Number.isFinite(time.ms)) {
      out.push(`<time>${t.parts[i]}</time>`);
      continue;
    }
    const iso = new Date(time.ms + days * DAY_MS).toISOString();
    out.push(`<time>${time.millis ? iso : iso.replace(/\.\d{3}Z$/, 'Z')}</time>`);
  }
  return Buffer.from(out.join(''));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Strava's "Activity Date": `Jan 19, 2015, 9:24:20 PM` (UTC). */
function stravaDate(d: Date): string {
  const h = d.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${h % 12 || 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

interface BuiltExport {
  file: string;
  bytes: number;
  activities: number;
  gzipped: number;
  media: number;
  buildMs: number;
}

/**
 * Writes a Strava-shaped export zip to `file`, entry by entry through fflate's streaming Zip, never
 * whole in memory (the file stream's backpressure is awaited after each entry): export_1/
 * activities.csv, `activities` GPX files made from the fixtures (half gzipped, as Strava stores
 * them, kept as they are in the zip; the others deflated), and media/ blobs of random bytes
 * (stored) spread among them to bring the zip to about `targetBytes`.
 */
async function buildExport(file: string, activities: number, targetBytes: number): Promise<BuiltExport> {
  const t0 = performance.now();
  const templates = SOURCES.map(template);
  const out = fs.createWriteStream(file);
  const written = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  let bytes = 0;
  let zipError: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      zipError = err;
      out.destroy(err);
      return;
    }
    bytes += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (zipError) throw zipError;
    if (out.writableNeedDrain) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  const add = async (name: string, data: Uint8Array, deflate: boolean) => {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(data, true);
    await drained();
  };

  // The activities' size in the zip, estimated from one copy of each fixture, so that the media
  // can be spread among them; the last blob makes up the difference.
  const perEntry = 30 + 46 + 2 * 'export_1/activities/1000000000.gpx.gz'.length;
  const estimate = templates.reduce((n, t) => {
    const raw = shifted(t, 0);
    return n + (activities / templates.length) * ((gzipSync(raw).length + deflateRawSync(raw).length) / 2 + perEntry);
  }, 0);
  const mediaTotal = Math.max(0, targetBytes - estimate - activities * 120);
  const mediaCount = Math.floor(mediaTotal / MEDIA_BYTES);
  let media = 0;
  const addMedia = async (size: number) => {
    const blob = randomBytes(size);
    // A JPEG's start of image and APP0 marker, then noise: incompressible, as photos are.
    blob.set([0xff, 0xd8, 0xff, 0xe0], 0);
    await add(`export_1/media/${randomBytes(16).toString('hex')}.jpg`, blob, false);
    media++;
  };

  const rows = [CSV_HEADER];
  const names: string[] = [];
  for (let i = 0; i < activities; i++) {
    const t = templates[i % templates.length] as Template;
    const id = 1_000_000_000 + i;
    const name = i % 2 === 0 ? `activities/${id}.gpx.gz` : `activities/${id}.gpx`;
    names.push(name);
    const start = new Date((t.times.find((x) => Number.isFinite(x.ms))?.ms ?? 0) + i * DAY_MS);
    const km = (5 + (i % 7)).toFixed(2);
    rows.push(
      `${id},"${stravaDate(start)}",${t.name} ${i + 1},${t.type},,${t.elapsedS},${km},,,false,,,${name},,,${t.elapsedS},${t.elapsedS},${Number(km) * 1000},,,`,
    );
  }
  await add('export_1/activities.csv', Buffer.from(`${rows.join('\n')}\n`), true);
  for (let i = 0; i < activities; i++) {
    const t = templates[i % templates.length] as Template;
    const gpx = shifted(t, i);
    const name = names[i] as string;
    if (name.endsWith('.gz')) await add(`export_1/${name}`, gzipSync(gpx), false);
    else await add(`export_1/${name}`, gpx, true);
    // Media spread evenly among the activities, as an export interleaves them.
    while (media < mediaCount && (media + 1) * activities <= (i + 1) * (mediaCount + 1)) await addMedia(MEDIA_BYTES);
  }
  while (media < mediaCount) await addMedia(MEDIA_BYTES);
  const rest = targetBytes - bytes - 22 - media * 150;
  if (mediaTotal > 0 && rest > 64 * 1024) await addMedia(rest);
  zip.end();
  await written;
  return {
    file,
    bytes: fs.statSync(file).size,
    activities,
    gzipped: names.filter((n) => n.endsWith('.gz')).length,
    media,
    buildMs: performance.now() - t0,
  };
}

interface ImportLine {
  type: 'progress' | 'done';
  done?: number;
  total?: number;
  imported?: number;
  duplicates?: number;
  attached?: number;
  failed?: Array<{ file: string; reason: string }>;
}

interface Upload {
  /** ms from the request's start until its last byte was handed to the socket. */
  uploadMs: number;
  /** ms from the request's start until the first NDJSON line. */
  firstLineMs: number;
  /** ms from the first line to the `done` line. */
  importMs: number;
  totalMs: number;
  progress: number;
  /** ms between consecutive progress lines, ascending. */
  gaps: number[];
  done: ImportLine;
  /** The highest resident memory sampled (every 50 ms) while uploading and while importing, MB. */
  rssUploadMB: number;
  rssImportMB: number;
}

/** The server's resident memory now (VmRSS), in MB. */
const rssMB = (pid: number) => serverMemory(pid)?.nowMB ?? 0;

/**
 * Streams the zip from disk as the raw body (with its content-length) and reads the NDJSON
 * answer line by line as it arrives; the server's resident memory is sampled meanwhile.
 */
function upload(baseUrl: string, token: string, zip: BuiltExport, pid: number): Promise<Upload> {
  return new Promise<Upload>((resolve, reject) => {
    const t0 = performance.now();
    let sentAt = 0;
    let firstAt = 0;
    const arrivals: number[] = [];
    let done: ImportLine | null = null;
    let rssUpload = rssMB(pid);
    let rssImport = 0;
    // Anything received (a line) or sent (a chunk of the upload) counts as movement.
    let movedAt = performance.now();
    const sampler = setInterval(() => {
      const mb = rssMB(pid);
      if (firstAt) rssImport = Math.max(rssImport, mb);
      else rssUpload = Math.max(rssUpload, mb);
      const sent = req.socket?.bytesWritten ?? 0;
      if (sent !== lastSent) {
        lastSent = sent;
        movedAt = performance.now();
      }
      if (performance.now() - movedAt > STALL_MS) {
        const memory = serverMemory(pid);
        fail(
          new Error(
            `the import stalled: nothing sent or answered for ${STALL_MS / 1000} s (${sent} bytes sent, ${arrivals.length} progress lines; server resident ${memory?.nowMB} MB)`,
          ),
        );
        req.destroy();
      }
    }, 50);
    let lastSent = 0;
    const fail = (err: Error) => {
      clearInterval(sampler);
      reject(err);
    };
    const url = new URL(`/api/activities/import?name=${encodeURIComponent('export_1.zip')}`, baseUrl);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-length': String(zip.bytes),
      },
    });
    req.on('finish', () => {
      sentAt = performance.now();
    });
    req.on('response', (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => fail(new Error(`import answered ${res.statusCode}: ${body.slice(0, 500)}`)));
        return;
      }
      let pending = '';
      res.on('data', (chunk: string) => {
        pending += chunk;
        for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
          const line = pending.slice(0, nl);
          pending = pending.slice(nl + 1);
          if (!line.trim()) continue;
          const now = performance.now();
          movedAt = now;
          if (!firstAt) {
            firstAt = now;
            rssUpload = Math.max(rssUpload, rssMB(pid));
          }
          const event = JSON.parse(line) as ImportLine;
          if (event.type === 'progress') arrivals.push(now);
          else done = event;
        }
      });
      res.on('error', fail);
      res.on('end', () => {
        const endAt = performance.now();
        clearInterval(sampler);
        rssImport = Math.max(rssImport, rssMB(pid));
        if (!done) {
          reject(new Error('the import ended without a done line'));
          return;
        }
        const gaps = arrivals
          .slice(1)
          .map((t, i) => t - (arrivals[i] ?? t))
          .sort((a, b) => a - b);
        resolve({
          uploadMs: (sentAt || firstAt) - t0,
          firstLineMs: firstAt - t0,
          importMs: endAt - firstAt,
          totalMs: endAt - t0,
          progress: arrivals.length,
          gaps,
          done,
          rssUploadMB: rssUpload,
          rssImportMB: rssImport,
        });
      });
    });
    req.on('error', fail);
    pipeline(fs.createReadStream(zip.file), req).catch(fail);
  });
}

/** The SQLite database's files (the database and its write-ahead log), in MB. */
function databaseMB(dataDir: string) {
  const size = (name: string) => {
    try {
      return fs.statSync(path.join(dataDir, name)).size / MB;
    } catch {
      return 0;
    }
  };
  return { db: size('daymark.db'), wal: size('daymark.db-wal') };
}

const s = (ms: number) => (ms / 1000).toFixed(1);

/**
 * Importing a Strava-shaped export of `BENCH_IMPORT_ACTIVITIES` activities (default 3,000) in
 * about `BENCH_IMPORT_MB` MB (default 500) through `POST /api/activities/import`, on a server of
 * its own (an empty data directory, so its memory is the import's alone): the zip built on disk,
 * uploaded streamed from disk, the NDJSON progress read as it arrives; then the same zip again,
 * every activity a duplicate. The promise: the zip is never loaded into memory, so the
 * server's peak resident memory must not follow the zip's size.
 */
export const activityImportScenario: BenchScenario = {
  name: `activityImport: a Strava-shaped export (${ACTIVITIES} activities, about ${TARGET_MB} MB) through POST /api/activities/import`,
  async measure() {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-import-'));
    const dataDir = path.join(work, 'data');
    fs.mkdirSync(dataDir);
    try {
      const zip = await buildExport(path.join(work, 'export_1.zip'), ACTIVITIES, TARGET_MB * MB);
      const zipMB = zip.bytes / MB;
      console.log(
        `  export built in ${s(zip.buildMs)} s: ${zipMB.toFixed(0)} MB, ${zip.activities} GPX files (${zip.gzipped} gzipped), ${zip.media} media files`,
      );
      const server = await startServer('dist/server/main.js', {
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ACTIVITY_IMPORT_MAX_BYTES: String(zip.bytes + 16 * MB),
      });
      const pid = server.child.pid as number;
      const rows: BenchRow[] = [];
      try {
        const login = await fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        });
        if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
        const { token } = (await login.json()) as { token: string };
        const before = serverMemory(pid);
        rows.push({
          label: 'server started and signed in',
          'zip MB': zipMB.toFixed(0),
          'peak resident MB': before?.peakMB ?? '',
          'resident MB': before?.nowMB ?? '',
        });

        const row = (label: string, u: Upload) => {
          const memory = serverMemory(pid);
          const db = databaseMB(dataDir);
          return {
            label,
            'zip MB': zipMB.toFixed(0),
            'upload s': s(u.uploadMs),
            'first line s': s(u.firstLineMs),
            'import s': s(u.importMs),
            'activities/s': Math.round(ACTIVITIES / (u.importMs / 1000)),
            'progress lines': u.progress,
            'line gap p50/max ms': `${Math.round(percentile(u.gaps, 0.5))}/${Math.round(u.gaps.at(-1) ?? 0)}`,
            imported: u.done.imported ?? '',
            duplicates: u.done.duplicates ?? '',
            attached: u.done.attached ?? '',
            failed: u.done.failed?.length ?? '',
            'rss max upload/import MB': `${u.rssUploadMB}/${u.rssImportMB}`,
            'peak resident MB': memory?.peakMB ?? '',
            'resident MB': memory?.nowMB ?? '',
            'peak / zip': memory ? (memory.peakMB / zipMB).toFixed(2) : '',
            'db + wal MB': `${db.db.toFixed(0)} + ${db.wal.toFixed(0)}`,
          };
        };

        const first = await upload(server.baseUrl, token, zip, pid);
        rows.push(row('first import', first));
        const failed = first.done.failed ?? [];
        if (first.done.imported !== ACTIVITIES || failed.length > 0) {
          throw new Error(
            `the import gave imported ${first.done.imported} of ${ACTIVITIES}, failed ${failed.length}: ${JSON.stringify(failed.slice(0, 3))}`,
          );
        }
        const again = await upload(server.baseUrl, token, zip, pid);
        rows.push(row('the same zip again (all duplicates)', again));
        if (again.done.imported !== 0 || again.done.duplicates !== ACTIVITIES || (again.done.failed?.length ?? 0) > 0) {
          throw new Error(
            `the re-import gave imported ${again.done.imported}, duplicates ${again.done.duplicates} of ${ACTIVITIES}, failed ${again.done.failed?.length}`,
          );
        }
      } finally {
        await server.stop();
      }
      const db = databaseMB(dataDir);
      rows.push({
        label: 'database after the server stopped',
        'zip MB': zipMB.toFixed(0),
        'db + wal MB': `${db.db.toFixed(0)} + ${db.wal.toFixed(0)}`,
      });
      return rows;
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
