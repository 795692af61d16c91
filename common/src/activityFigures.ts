import { SPORT_LABELS, type Sport } from './api/activities.js';

/** How the screens, the log line and the coach's context write an activity's figures. */

/** 3725 → "1:02:05"; 605 → "10:05". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** Metres as kilometres: "10.24 km" (one decimal from 100 km: "142.3 km"). */
export const formatKm = (metres: number) => `${(metres / 1000).toFixed(metres < 100_000 ? 2 : 1)} km`;

/** A distance in metres under a kilometre ("850 m"), else in kilometres. */
export const formatDistance = (metres: number) => (metres < 1000 ? `${Math.round(metres)} m` : formatKm(metres));

/**
 * How a sport's speed is said: a pace a kilometre on foot, a pace a 100 m in the water, a pace
 * a 500 m on the rowing machine or the water (the ergometer's own measure), else km/h.
 */
export type SpeedKind = 'pace' | 'swim' | 'row' | 'speed';
export const speedKind = (sport: Sport): SpeedKind =>
  sport === 'running' || sport === 'walking' || sport === 'hiking'
    ? 'pace'
    : sport === 'swimming'
      ? 'swim'
      : sport === 'rowing'
        ? 'row'
        : 'speed';

/** The name of the figure for the sport ('Avg pace', 'Avg speed'). */
export const speedLabel = (sport: Sport) => (speedKind(sport) === 'speed' ? 'Avg speed' : 'Avg pace');

/** A speed in the sport's usual terms: "5:06 /km", "2:10 /100 m", "2:05 /500 m" or "28.4 km/h"; '' for none. */
export function formatSpeed(sport: Sport, metresPerSecond: number): string {
  if (!Number.isFinite(metresPerSecond) || metresPerSecond <= 0) return '';
  switch (speedKind(sport)) {
    case 'pace':
      return `${formatDuration(1000 / metresPerSecond)} /km`;
    case 'swim':
      return `${formatDuration(100 / metresPerSecond)} /100 m`;
    case 'row':
      return `${formatDuration(500 / metresPerSecond)} /500 m`;
    default:
      return `${(metresPerSecond * 3.6).toFixed(1)} km/h`;
  }
}

/** One line for a log, a list or the coach: "Run 10.24 km in 52:10, 5:06 /km, avg HR 152". */
export function activityLine(a: {
  sport: Sport;
  name?: string | null;
  elapsed_s: number;
  moving_s: number | null;
  distance_m: number | null;
  avg_hr: number | null;
}): string {
  const time = a.moving_s ?? a.elapsed_s;
  const parts = [SPORT_LABELS[a.sport]];
  if (a.distance_m !== null && a.distance_m > 0) parts.push(formatDistance(a.distance_m));
  parts.push(`in ${formatDuration(time)}`);
  let line = parts.join(' ');
  if (a.distance_m !== null && a.distance_m > 0 && time > 0) line += `, ${formatSpeed(a.sport, a.distance_m / time)}`;
  if (a.avg_hr !== null) line += `, avg HR ${Math.round(a.avg_hr)}`;
  return a.name ? `${a.name}: ${line}` : line;
}
