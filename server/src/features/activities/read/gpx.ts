import { ACTIVITY_LIMITS, type ActivityLap } from '#common/api/activities.js';
import { ascentOf, haversineM, hr, hrStats, isLat, isLon, lap, num, thinRoute } from './geo.js';
import { sportFromName } from './sports.js';
import { ActivityFileError, type ParsedActivity, REASONS } from './types.js';
import { asList, asNode, displayText, parseXml, textOf, timeOf, type XmlNode } from './xml.js';

const ARRAYS = new Set(['trk', 'trkseg', 'trkpt', 'rte', 'rtept']);

interface Point {
  lat: number;
  lon: number;
  ele: number | null;
  time: Date | null;
  hr: number | null;
}

/** Reads a GPX 1.0 or 1.1 file: its tracks' points (each segment a lap), else its routes'. */
export function parseGpx(text: string): ParsedActivity {
  const doc = parseXml(text, ARRAYS);
  const gpx = asNode(doc.gpx);
  if (!gpx) throw new ActivityFileError(REASONS.notActivity);

  const tracks = asList(gpx.trk);
  let segments: Point[][] = tracks.flatMap((t) => asList(t.trkseg).map((s) => points(s.trkpt)));
  segments = segments.filter((s) => s.length > 0);
  let typeText: string | null = textOf(tracks[0]?.type);
  let routeName: string | null = null;
  if (segments.length === 0) {
    const routes = asList(gpx.rte);
    segments = routes.map((r) => points(r.rtept)).filter((s) => s.length > 0);
    typeText = textOf(routes[0]?.type);
    routeName = displayText(routes[0]?.name);
  }
  if (segments.length === 0) throw new ActivityFileError(REASONS.noPoints);

  const all = segments.flat();
  const times = all.map((p) => p.time).filter((t): t is Date => t != null);
  if (times.length === 0) throw new ActivityFileError(REASONS.noTimes);
  let first = times[0]!;
  let last = times[0]!;
  for (const t of times) {
    if (t < first) first = t;
    if (t > last) last = t;
  }

  const laps: ActivityLap[] = [];
  let distance = 0;
  let ascent: number | null = null;
  for (const seg of segments) {
    const d = pathLength(seg);
    distance += d;
    const a = ascentOf(seg.map((p) => p.ele).filter((e): e is number => e != null));
    if (a != null) ascent = (ascent ?? 0) + a;
    if (laps.length >= ACTIVITY_LIMITS.laps) continue;
    const segTimes = seg.map((p) => p.time).filter((t): t is Date => t != null);
    const start = segTimes[0] ?? null;
    const end = segTimes.at(-1) ?? null;
    const stats = hrStats(seg.map((p) => p.hr).filter((h): h is number => h != null));
    laps.push(
      lap({
        index: laps.length + 1,
        start_at: start?.toISOString() ?? null,
        elapsed_s: start && end ? (end.getTime() - start.getTime()) / 1000 : null,
        moving_s: null,
        distance_m: d,
        avg_hr: stats.avg,
        max_hr: stats.max,
        calories: null,
      }),
    );
  }
  const stats = hrStats(all.map((p) => p.hr).filter((h): h is number => h != null));
  const metadata = asNode(gpx.metadata);

  return {
    format: 'gpx',
    sport: sportFromName(typeText) ?? 'other',
    name: displayText(metadata?.name) ?? displayText(tracks[0]?.name) ?? routeName,
    device: creatorName(gpx['@_creator']),
    startAt: first,
    elapsedS: (last.getTime() - first.getTime()) / 1000,
    movingS: null,
    distanceM: distance,
    ascentM: ascent,
    avgHr: stats.avg,
    maxHr: stats.max,
    calories: null,
    laps,
    route: thinRoute(all.map((p) => [p.lat, p.lon])),
  };
}

function points(list: unknown): Point[] {
  const out: Point[] = [];
  for (const p of asList(list)) {
    const lat = num(p['@_lat']);
    const lon = num(p['@_lon']);
    if (lat == null || lon == null || !isLat(lat) || !isLon(lon)) continue;
    out.push({ lat, lon, ele: num(textOf(p.ele)), time: timeOf(p.time), hr: heartRate(p) });
  }
  return out;
}

const HR_NAMES = new Set(['hr', 'heartrate', 'heart_rate', 'heartratebpm']);

/** Heart rate from gpxtpx:TrackPointExtension/gpxtpx:hr and the variants other apps write (<hr>, <heartrate>). */
function heartRate(p: XmlNode): number | null {
  const ext = asNode(p.extensions);
  return ext ? findHr(ext, 0) : null;
}

function findHr(node: XmlNode, depth: number): number | null {
  for (const [k, v] of Object.entries(node)) {
    if (HR_NAMES.has(k.toLowerCase())) {
      const value = hr(textOf(v) ?? textOf(asNode(v)?.Value));
      if (value != null) return value;
    }
  }
  if (depth >= 3) return null;
  for (const v of Object.values(node)) {
    const child = asNode(v);
    if (child) {
      const found = findHr(child, depth + 1);
      if (found != null) return found;
    }
  }
  return null;
}

function pathLength(seg: Point[]): number {
  let d = 0;
  for (let i = 1; i < seg.length; i++) {
    const a = seg[i - 1]!;
    const b = seg[i]!;
    d += haversineM([a.lat, a.lon], [b.lat, b.lon]);
  }
  return d;
}

/** "GPSBabel - http://www.gpsbabel.org" → "GPSBabel"; "Garmin Connect" stays. */
export function creatorName(v: unknown): string | null {
  const s = displayText(v);
  if (!s) return null;
  // Cut at the address, then drop the dashes, brackets and spaces before it (no backtracking pattern).
  const at = s.search(/https?:\/\//i);
  let cleaned = at >= 0 ? s.slice(0, at) : s;
  while (cleaned && ' \t\n-–('.includes(cleaned.at(-1) as string)) cleaned = cleaned.slice(0, -1);
  return cleaned || s;
}
