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

/** Metres as "10.24 km" (or "850 m" under a kilometre). */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(2)} km`;
}

/** Whether a sport's speed reads as a pace (time per km; per 100 m for swims) rather than km/h. */
const PACED: ReadonlySet<Sport> = new Set(['running', 'walking', 'hiking', 'swimming', 'rowing']);

/** A speed in the sport's usual terms: "5:06 /km", "2:10 /100 m" or "28.4 km/h". */
export function formatSpeed(sport: Sport, metresPerSecond: number): string {
  if (metresPerSecond <= 0) return '';
  if (!PACED.has(sport)) return `${(metresPerSecond * 3.6).toFixed(1)} km/h`;
  if (sport === 'swimming' || sport === 'rowing') return `${formatDuration(100 / metresPerSecond)} /100 m`;
  return `${formatDuration(1000 / metresPerSecond)} /km`;
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
