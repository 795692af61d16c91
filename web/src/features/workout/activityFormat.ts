import {
  formatDistance,
  formatDuration,
  formatKm,
  formatSpeed,
  speedKind,
  speedLabel,
} from '#common/activityFigures.js';
import { SPORT_LABELS, type Sport } from '#common/api/activities.js';

/** The figures are written as everywhere else (the log line, the coach): common/src/activityFigures.ts. */
export { formatDistance as shortDistance, formatDuration as duration, formatKm as km, speedKind, speedLabel };

/** '5:12 /km', '1:48 /100 m', '2:05 /500 m' or '28.4 km/h' for a speed in metres a second; null when there is none. */
export function speed(sport: Sport, mps: number | null): string | null {
  return mps === null ? null : formatSpeed(sport, mps) || null;
}

export const bpm = (hr: number) => `${Math.round(hr)} bpm`;
export const metres = (m: number) => `${Math.round(m).toLocaleString('en-US')} m`;

const formats = new Map<string, Intl.DateTimeFormat>();
/** 'Sun, Mar 1, 2026, 7:05 AM' for an instant, in the user's zone. */
export function startTime(iso: string, zone: string): string {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
    });
    formats.set(zone, f);
  }
  return f.format(new Date(iso));
}

/** The activity's title: its own name, else the sport's ('Run'). */
export const activityTitle = (a: { name: string | null; sport: Sport }) => a.name?.trim() || SPORT_LABELS[a.sport];
