import { ACTIVITY_LIMITS, type ActivityLap } from '#common/api/activities.js';

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Metres along the great circle between two [lat, lon] points in degrees. */
export function haversineM(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = (b[0] - a[0]) * RAD;
  const dLon = (b[1] - a[1]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * RAD) * Math.cos(b[0] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** At most `max` points, evenly spaced along the list, the first and the last kept. */
export function thinRoute(points: [number, number][], max: number = ACTIVITY_LIMITS.routePoints): [number, number][] {
  if (points.length <= max) return points.map(round6);
  const out: [number, number][] = [];
  for (let i = 0; i < max; i++) out.push(round6(points[Math.round((i * (points.length - 1)) / (max - 1))]!));
  return out;
}

function round6(p: [number, number]): [number, number] {
  return [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];
}

/** Climbing the GPS or barometer noise does not add to: a rise counts once it is this much above the last low. */
export const ASCENT_THRESHOLD_M = 3;

/** Metres climbed over a run of elevations, rises under ASCENT_THRESHOLD_M ignored; null without elevations. */
export function ascentOf(elevations: readonly number[]): number | null {
  if (elevations.length < 2) return null;
  let ascent = 0;
  let ref = elevations[0]!;
  for (const e of elevations) {
    if (e > ref + ASCENT_THRESHOLD_M) {
      ascent += e - ref;
      ref = e;
    } else if (e < ref) {
      ref = e;
    }
  }
  return ascent;
}

export function isLat(n: number): boolean {
  return Number.isFinite(n) && n >= -90 && n <= 90;
}
export function isLon(n: number): boolean {
  return Number.isFinite(n) && n >= -180 && n <= 180;
}

/** A finite number, or null (NaN, ±Infinity, not a number). */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A plausible heart rate (bpm), else null. */
export function hr(v: unknown): number | null {
  const n = num(v);
  return n != null && n > 0 && n < 260 ? n : null;
}

/** Speed over moving (else elapsed) time. */
export function avgSpeed(distanceM: number | null, movingS: number | null, elapsedS: number | null): number | null {
  const t = movingS && movingS > 0 ? movingS : elapsedS;
  if (distanceM == null || !t || t <= 0) return null;
  return distanceM / t;
}

export function lap(fields: Omit<ActivityLap, 'avg_speed_mps'> & { avg_speed_mps?: number | null }): ActivityLap {
  return {
    ...fields,
    avg_speed_mps: fields.avg_speed_mps ?? avgSpeed(fields.distance_m, fields.moving_s, fields.elapsed_s),
  };
}

/** Mean and maximum of a list of heart rates; nulls without any. */
export function hrStats(values: readonly number[]): { avg: number | null; max: number | null } {
  if (values.length === 0) return { avg: null, max: null };
  let sum = 0;
  let max = 0;
  for (const v of values) {
    sum += v;
    if (v > max) max = v;
  }
  return { avg: Math.round(sum / values.length), max };
}
