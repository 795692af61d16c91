import { ACTIVITY_LIMITS, type ActivityLap } from '#common/api/activities.js';
import { ascentOf, hr, hrStats, isLat, isLon, lap, num, thinRoute } from './geo.js';
import { sportFromName } from './sports.js';
import { ActivityFileError, type ParsedActivity, REASONS } from './types.js';
import { asList, asNode, displayText, parseXml, textOf, timeOf, type XmlNode } from './xml.js';

const ARRAYS = new Set(['Activity', 'Lap', 'Track', 'Trackpoint']);

/** Reads a Training Center (TCX) file's first activity: its laps' totals, its trackpoints' route and heart rate. */
export function parseTcx(text: string): ParsedActivity {
  const doc = parseXml(text, ARRAYS);
  const root = asNode(doc.TrainingCenterDatabase);
  if (!root) throw new ActivityFileError(REASONS.notActivity);
  const activity = asList(asNode(root.Activities)?.Activity)[0];
  if (!activity) throw new ActivityFileError(REASONS.noActivity);
  const lapNodes = asList(activity.Lap);
  if (lapNodes.length === 0) throw new ActivityFileError(REASONS.noPoints);

  const route: [number, number][] = [];
  const allHr: number[] = [];
  const elevations: number[] = [];
  let firstTime: Date | null = null;
  let lastTime: Date | null = null;
  let lastTrackDistance: number | null = null;
  const laps: ActivityLap[] = [];
  let moving: number | null = null;
  let distance: number | null = null;
  let calories: number | null = null;
  let lapMaxHr: number | null = null;
  let hrWeighted = 0;
  let hrWeight = 0;

  const lapStarts = lapNodes.map((l) => timeOf(l['@_StartTime']));
  lapNodes.forEach((l, i) => {
    const points = asList(l.Track).flatMap((t) => asList(t.Trackpoint));
    const lapHr: number[] = [];
    let lapLast: Date | null = null;
    for (const p of points) {
      const t = timeOf(p.Time);
      if (t) {
        if (!firstTime || t < firstTime) firstTime = t;
        if (!lastTime || t > lastTime) lastTime = t;
        lapLast = t;
      }
      const pos = asNode(p.Position);
      const lat = num(textOf(pos?.LatitudeDegrees));
      const lon = num(textOf(pos?.LongitudeDegrees));
      if (lat != null && lon != null && isLat(lat) && isLon(lon)) route.push([lat, lon]);
      const h = hr(bpm(p.HeartRateBpm));
      if (h != null) lapHr.push(h);
      const ele = num(textOf(p.AltitudeMeters));
      if (ele != null) elevations.push(ele);
      const d = num(textOf(p.DistanceMeters));
      if (d != null) lastTrackDistance = d;
    }
    allHr.push(...lapHr);

    const total = num(textOf(l.TotalTimeSeconds));
    const d = num(textOf(l.DistanceMeters));
    const cal = num(textOf(l.Calories));
    const start = lapStarts[i] ?? null;
    const next = lapStarts[i + 1] ?? null;
    const stats = hrStats(lapHr);
    const avgHr = hr(bpm(l.AverageHeartRateBpm)) ?? stats.avg;
    const maxHr = hr(bpm(l.MaximumHeartRateBpm)) ?? stats.max;
    moving = total == null ? moving : (moving ?? 0) + total;
    distance = d == null ? distance : (distance ?? 0) + d;
    calories = cal == null ? calories : (calories ?? 0) + cal;
    if (maxHr != null && (lapMaxHr == null || maxHr > lapMaxHr)) lapMaxHr = maxHr;
    if (avgHr != null) {
      const w = total ?? 1;
      hrWeighted += avgHr * w;
      hrWeight += w;
    }
    if (start && (!firstTime || start < firstTime)) firstTime = start;
    const end = next && start && next > start ? next : lapLast;
    if (laps.length < ACTIVITY_LIMITS.laps) {
      laps.push(
        lap({
          index: i + 1,
          start_at: start?.toISOString() ?? null,
          elapsed_s:
            start && end && end > start ? Math.max((end.getTime() - start.getTime()) / 1000, total ?? 0) : total,
          moving_s: total,
          distance_m: d,
          avg_hr: avgHr,
          max_hr: maxHr,
          calories: cal,
        }),
      );
    }
  });

  const startAt: Date | null = firstTime ?? timeOf(activity.Id);
  if (!startAt) throw new ActivityFileError(REASONS.noTimes);
  // The end: the last trackpoint, or the last lap's start plus its time, whichever is later.
  let endMs = (lastTime as Date | null)?.getTime() ?? startAt.getTime();
  const lastStart = lapStarts.at(-1);
  const lastTotal = num(textOf(lapNodes.at(-1)?.TotalTimeSeconds));
  if (lastStart && lastTotal != null) endMs = Math.max(endMs, lastStart.getTime() + lastTotal * 1000);
  const trackStats = hrStats(allHr);
  const creator = asNode(activity.Creator);

  return {
    format: 'tcx',
    sport: sportFromName(textOf(activity['@_Sport'])) ?? 'other',
    name: null,
    device: deviceName(displayText(creator?.Name)),
    startAt,
    // Elapsed time holds the timer's: a device rounding its lap totals never makes it shorter.
    elapsedS: Math.max((endMs - startAt.getTime()) / 1000, moving ?? 0),
    movingS: moving,
    distanceM: distance ?? lastTrackDistance,
    ascentM: ascentOf(elevations),
    avgHr: hrWeight > 0 ? Math.round(hrWeighted / hrWeight) : trackStats.avg,
    maxHr: lapMaxHr ?? trackStats.max,
    calories,
    laps,
    route: thinRoute(route),
  };
}

/** <HeartRateBpm><Value>139</Value></HeartRateBpm> */
function bpm(v: unknown): string | null {
  const node: XmlNode | null = asNode(v);
  return node ? textOf(node.Value) : textOf(v);
}

/** "Forerunner 410 Software Version 2.20" → "Forerunner 410". */
function deviceName(name: string | null): string | null {
  if (!name) return null;
  const at = name.toLowerCase().indexOf('software version');
  return (at >= 0 ? name.slice(0, at) : name).trim() || name;
}
