import { SPORT_LABELS, type Sport } from '#common/api/activities.js';

/** 'h:mm:ss' ('m:ss' under an hour), for a number of seconds. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** '10.42 km' (two decimals under 100 km, one above). */
export const km = (metres: number) => `${(metres / 1000).toFixed(metres < 100_000 ? 2 : 1)} km`;

/** A distance for a lap or a swim: metres under a kilometre. */
export const shortDistance = (metres: number) => (metres < 1000 ? `${Math.round(metres)} m` : km(metres));

/** How a sport's speed is said: a pace a kilometre on foot, a pace a 100 m in the water, else km/h. */
export type SpeedKind = 'pace' | 'swim' | 'speed';
export const speedKind = (sport: Sport): SpeedKind =>
  sport === 'running' || sport === 'walking' || sport === 'hiking' ? 'pace' : sport === 'swimming' ? 'swim' : 'speed';

/** The name of the figure for the sport ('Pace', 'Speed'). */
export const speedLabel = (sport: Sport) => (speedKind(sport) === 'speed' ? 'Avg speed' : 'Avg pace');

/** '5:12 /km', '1:48 /100 m' or '28.4 km/h' for a speed in metres a second; null when there is none. */
export function speed(sport: Sport, mps: number | null): string | null {
  if (mps === null || !Number.isFinite(mps) || mps <= 0) return null;
  switch (speedKind(sport)) {
    case 'pace':
      return `${duration(1000 / mps)} /km`;
    case 'swim':
      return `${duration(100 / mps)} /100 m`;
    default:
      return `${(mps * 3.6).toFixed(1)} km/h`;
  }
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
