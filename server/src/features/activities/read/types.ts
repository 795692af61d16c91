import type { ActivityFormat, ActivityLap, Sport } from '#common/api/activities.js';

/** One activity as read from a FIT, GPX or TCX file, before it is stored. */
export interface ParsedActivity {
  format: ActivityFormat;
  sport: Sport;
  name: string | null;
  device: string | null;
  startAt: Date;
  elapsedS: number;
  movingS: number | null;
  distanceM: number | null;
  ascentM: number | null;
  avgHr: number | null;
  maxHr: number | null;
  calories: number | null;
  laps: ActivityLap[];
  /** [latitude, longitude] in degrees, evenly thinned to ACTIVITY_LIMITS.routePoints. */
  route: [number, number][];
}

/** A file that cannot be imported; the message is the reason in the user's words ("the file is cut short"). */
export class ActivityFileError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'ActivityFileError';
  }
}

export const REASONS = {
  notActivity: 'it is not a FIT, GPX or TCX file',
  cutShort: 'the file is cut short',
  checksum: 'its checksum does not match (the file is damaged)',
  damaged: 'the file is damaged and cannot be read',
  noPoints: 'it has no track or route points',
  noTimes: 'it has no times, so it is a planned route rather than a recorded activity',
  noActivity: 'it holds no activity',
  entities: 'it declares XML entities, which are not accepted',
  badXml: 'its XML is damaged or cut short',
  badGzip: 'it is not a readable gzip file (damaged or cut short)',
  notZip: 'it is not a zip file, or the zip is damaged',
  badPath: 'its path inside the zip is not allowed',
  empty: 'the file is empty',
} as const;

export function tooLarge(limitBytes: number): string {
  return `it is larger than ${formatMb(limitBytes)} when unpacked`;
}

export function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
