import { z } from 'zod';
import { idParam } from './common.js';
import { isoDate } from './dates.js';

/**
 * Activities recorded by a watch, a bike computer or a phone (features/activities): imported
 * from FIT, GPX and TCX files (each optionally gzipped) and from the Strava bulk export zip, and
 * listed in the workout log beside what the user typed.
 */

/** The sports an activity is filed under; every file's own name for its sport maps to one. */
export const SPORTS = [
  'running',
  'cycling',
  'swimming',
  'walking',
  'hiking',
  'rowing',
  'skiing',
  'strength',
  'other',
] as const;
export type Sport = (typeof SPORTS)[number];
export const SPORT_LABELS: Record<Sport, string> = {
  running: 'Run',
  cycling: 'Ride',
  swimming: 'Swim',
  walking: 'Walk',
  hiking: 'Hike',
  rowing: 'Row',
  skiing: 'Ski',
  strength: 'Strength',
  other: 'Activity',
};
export const sportSchema = z.enum(SPORTS);

/** The formats a file can be in (after an outer gzip, if any, is taken off). */
export const ACTIVITY_FORMATS = ['fit', 'gpx', 'tcx'] as const;
export type ActivityFormat = (typeof ACTIVITY_FORMATS)[number];

/** What an import accepts and refuses (features/activities/limits.ts enforces them on the server). */
export const ACTIVITY_LIMITS = {
  /** One upload (a single file or a whole export zip). */
  uploadBytes: 1024 * 1024 * 1024,
  /** One activity file, as stored in the upload and after gunzip or unzip. */
  fileBytes: 64 * 1024 * 1024,
  /** Files in one export. */
  filesPerExport: 20_000,
  /** Route points kept for the map (the original file keeps them all). */
  routePoints: 600,
  laps: 500,
} as const;

/** One lap (a FIT lap message, a TCX Lap; a GPX track segment counts as one). */
export const activityLap = z.object({
  /** 1-based. */
  index: z.number().int(),
  /** UTC instant, ISO 8601; null when the file gives none. */
  start_at: z.string().nullable(),
  elapsed_s: z.number().nullable(),
  moving_s: z.number().nullable(),
  distance_m: z.number().nullable(),
  avg_hr: z.number().nullable(),
  max_hr: z.number().nullable(),
  calories: z.number().nullable(),
  /** Metres a second over the lap's moving (else elapsed) time. */
  avg_speed_mps: z.number().nullable(),
});
export type ActivityLap = z.infer<typeof activityLap>;

export const activitySummary = z
  .object({
    id: z.number().int(),
    /** The local date of its start, in the user's zone. */
    date: z.string(),
    /** Its start, UTC, ISO 8601. */
    start_at: z.string(),
    sport: sportSchema,
    /** The name the export or the file gives it (Strava's activity name, a GPX/TCX name); null without one. */
    name: z.string().nullable(),
    /** The recording device ("Garmin Forerunner 945", "Wahoo ELEMNT BOLT"); null when the file does not say. */
    device: z.string().nullable(),
    elapsed_s: z.number(),
    /** Time in motion; null when the file cannot tell it from the elapsed time. */
    moving_s: z.number().nullable(),
    distance_m: z.number().nullable(),
    ascent_m: z.number().nullable(),
    avg_hr: z.number().nullable(),
    max_hr: z.number().nullable(),
    calories: z.number().nullable(),
    /** Distance over moving (else elapsed) time; the screens show it as a pace for runs and walks. */
    avg_speed_mps: z.number().nullable(),
    format: z.enum(ACTIVITY_FORMATS),
    /** The file's name as uploaded (inside an export: its path there). */
    file_name: z.string(),
    has_route: z.boolean(),
    lap_count: z.number().int(),
    /** The workout log of its date that it is attached to. */
    log_id: z.number().int().nullable(),
  })
  .meta({ id: 'ActivitySummary' });
export type ActivitySummary = z.infer<typeof activitySummary>;

export const activityDetail = activitySummary
  .extend({
    laps: z.array(activityLap),
    /** Up to ACTIVITY_LIMITS.routePoints [latitude, longitude] pairs along the route; empty without positions. */
    route: z.array(z.tuple([z.number(), z.number()])),
  })
  .meta({ id: 'ActivityDetail' });
export type ActivityDetail = z.infer<typeof activityDetail>;

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 500;
export const activityListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Only those of this local date. */
  date: isoDate.optional(),
});
export const activityListResponse = z.object({ activities: z.array(activitySummary), total: z.number().int() });
export const activityIdParams = z.object({ id: idParam() });
export const activityResponse = z.object({ activity: activityDetail });

export const importQuery = z.object({
  /** The uploaded file's name: its ending tells the format (.fit, .gpx, .tcx, each maybe .gz; .zip). */
  name: z.string().min(1).max(255),
});

/** A file that was not imported, and why, in the user's words. */
export const importFailure = z.object({ file: z.string(), reason: z.string() });
export type ImportFailure = z.infer<typeof importFailure>;

/**
 * The import answers with one JSON object a line (application/x-ndjson): progress lines while
 * an export's files are read, then one `done` line. An upload refused as a whole (too large, not
 * an activity file or export, the only file unreadable) answers 400/413 with the usual error body.
 */
export const importEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({
    type: z.literal('done'),
    /** Activities added. */
    imported: z.number().int(),
    /** Files whose activity was already there (re-imports). */
    duplicates: z.number().int(),
    /** Of those added, the ones attached to a log the user had written for their day. */
    attached: z.number().int(),
    failed: z.array(importFailure),
    /** The dates that gained an activity, newest first (at most 366). */
    dates: z.array(z.string()),
  }),
]);
export type ImportEvent = z.infer<typeof importEvent>;
export type ImportDone = Extract<ImportEvent, { type: 'done' }>;

/** Recent training load by sport (the coach's context and the offline planner read it). */
export const sportLoad = z.object({
  sport: sportSchema,
  activities: z.number().int(),
  minutes: z.number(),
  distance_km: z.number(),
});
export type SportLoad = z.infer<typeof sportLoad>;
export const trainingLoad = z.object({
  last7: z.array(sportLoad),
  last28: z.array(sportLoad),
  /** The newest activity's local date and sport, with its minutes; null without any. */
  latest: z.object({ date: z.string(), sport: sportSchema, minutes: z.number(), distance_km: z.number() }).nullable(),
});
export type TrainingLoad = z.infer<typeof trainingLoad>;

export const ACTIVITY_TEXTS = {
  importTab: 'Import',
  importTitle: 'Import activities',
  importHelp:
    'Choose a file from your watch or bike computer (.fit, .gpx, .tcx, also gzipped) or your whole Strava export (.zip). An activity already here is not added again.',
  importButton: 'Import',
  uploading: 'Uploading…',
  reading: 'Reading activities…',
  noneYet: 'No imported activities yet.',
  deleteConfirm: 'Delete this imported activity? Its figures, laps and original file go; the log you wrote stays.',
  routeLabel: 'Route',
  lapsLabel: 'Laps',
} as const;
