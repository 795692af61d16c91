import { z } from 'zod';
import { ACTIVITY_FORMATS, SPORTS } from '#common/api/activities.js';
import { timeZoneName } from '#common/api/dates.js';
import { trainingRule } from '#common/api/training.js';
import { nextRun, scheduleProblem } from '#common/cronSchedule.js';
import { isValidDate } from '#common/time.js';
import type { Database } from '../../db/schema.js';
import { jobTypes } from '../../jobs/types/index.js';
import { validateConfig } from '../cron/config.js';

/**
 * The tables an export holds: every table of a user's own content and settings, listed once
 * here. A feature that adds a table of user content adds one entry (parents before their
 * children). Secrets are never listed: sessions, password hashes, API key hashes and calendar
 * credentials stay behind. `id` and `user_id` are never exported; a child row names its parent
 * by the parent's key. The account's time zone travels in the export's header (`account`).
 */

type ColumnType =
  | 'text'
  | 'textNull'
  | 'date'
  | 'instant'
  | 'instantNull'
  | 'flag'
  | 'flagNull'
  | 'json'
  | 'jsonNull'
  | 'zone'
  | 'number'
  | 'numberNull';

const MAX_TEXT = 2_000_000;
// PostgreSQL text cannot hold NUL characters, so no export may bring one in.
const text = z
  .string()
  .max(MAX_TEXT)
  .refine((s) => !s.includes('\u0000'), 'contains a NUL character');
const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};
const instant = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && s.length <= 40, 'not a timestamp');
// A nullable column missing from a row (an export written before the column existed) is null.
const orNull = (t: z.ZodType) => t.nullish().transform((v) => v ?? null);
const COLUMN: Record<ColumnType, z.ZodType> = {
  text,
  textNull: orNull(text),
  date: z.string().refine(isValidDate, 'not a YYYY-MM-DD date'),
  instant,
  instantNull: orNull(instant),
  flag: z.union([z.literal(0), z.literal(1)]),
  flagNull: orNull(z.union([z.literal(0), z.literal(1)])),
  json: text.refine(isJson, 'not JSON text'),
  jsonNull: orNull(text.refine(isJson, 'not JSON text')),
  zone: z.string().refine((s) => timeZoneName.safeParse(s).success, 'not a time zone'),
  number: z.number().finite().min(0).max(1e12),
  numberNull: orNull(z.number().finite().min(0).max(1e12)),
};

export type Row = Record<string, unknown>;

export interface TableSpec {
  name: keyof Database & string;
  columns: Record<string, ColumnType>;
  /** What makes two rows the same: an imported row whose key is present is skipped. */
  key: (row: Row) => string;
  /** A child table: its `column` holds the parent's id, exported as the parent's key `as`. */
  parent?: { table: keyof Database & string; column: string; as: string };
  /** Columns unique across all users: a taken value gets a fresh one on import. */
  globallyUnique?: string[];
  /** Only the user's rows whose `column` is one of `in` are exported (and compared on import); `why` the others are not. */
  only?: { column: string; in: readonly string[]; why: string };
  /** What makes a row that matches the columns' types unusable (null: it is fine). */
  check?: (row: Row) => string | null;
  /** Columns an imported row gets from this installation rather than from the export. */
  derived?: (row: Row, now: Date) => Row;
  /**
   * A file of its own in the export zip that belongs to each row (an activity's original file):
   * the folder of the row's entry, the table that keeps the file (base64 `data`, the row's id in
   * `column`), and the file's name in the zip.
   */
  file?: { folder: (row: Row) => string; table: keyof Database & string; column: string };
}

const k = (...parts: unknown[]) => JSON.stringify(parts);

/** Job types a user creates for themselves (the others are the administrator's). */
const USER_JOB_TYPES = jobTypes.filter((t) => !t.system).map((t) => t.type);

const selectedCalendars = z.array(z.string().max(2000)).max(1000);

const trainingRuleJson = (r: Row): string | null => {
  const parsed = trainingRule.safeParse(JSON.parse(String(r.rule)));
  return parsed.success ? null : `rule: ${parsed.error.issues[0]?.message ?? 'not a training rule'}`;
};

/** An activity's figures must name a known sport and format, with a valid start. */
function checkActivity(r: Row): string | null {
  if (!(SPORTS as readonly string[]).includes(String(r.sport)))
    return `sport: ${String(r.sport).slice(0, 50)} is not a sport`;
  if (!(ACTIVITY_FORMATS as readonly string[]).includes(String(r.format))) return 'format: not fit, gpx or tcx';
  if (!/^[0-9a-f]{32}$/.test(String(r.fingerprint))) return 'fingerprint: not an activity fingerprint';
  if (!Array.isArray(JSON.parse(String(r.laps))) || !Array.isArray(JSON.parse(String(r.route)))) {
    return 'laps and route must be lists';
  }
  return null;
}

/** Where an activity's original file lies in an export zip: its folder, then the file's own name. */
export const activityFileFolder = (r: Row) => `activities/${String(r.fingerprint)}/`;

export const EXPORTED_TABLES: TableSpec[] = [
  {
    name: 'todos',
    columns: { content: 'text', completed: 'flag', completed_at: 'instantNull', created_at: 'instant' },
    key: (r) => k(r.content, r.created_at),
  },
  {
    name: 'journal_entries',
    columns: {
      date: 'date',
      journal_type: 'text',
      content: 'text',
      structured_data: 'jsonNull',
      has_morning: 'flag',
      has_evening: 'flag',
      created_at: 'instant',
      updated_at: 'instant',
    },
    // One daily note and one weekly plan per date; plain notes may be many.
    key: (r) => (r.journal_type === 'note' ? k(r.journal_type, r.date, r.created_at) : k(r.journal_type, r.date)),
  },
  {
    name: 'transcripts',
    columns: {
      date: 'date',
      title: 'text',
      content: 'text',
      context: 'textNull',
      transcript_type: 'text',
      google_event_id: 'textNull',
      google_event_etag: 'textNull',
      google_recurring_event_id: 'textNull',
      event_start: 'textNull',
      created_at: 'instant',
    },
    key: (r) => k(r.date, r.title, r.created_at),
  },
  {
    name: 'weekly_conversations',
    columns: { week_date: 'date', messages: 'json', created_at: 'instant', updated_at: 'instant' },
    key: (r) => k(r.week_date),
  },
  {
    name: 'coach_conversations',
    columns: {
      conversation_uuid: 'text',
      coach_type: 'text',
      title: 'textNull',
      created_at: 'instant',
      updated_at: 'instant',
    },
    key: (r) => k(r.coach_type, r.created_at),
    globallyUnique: ['conversation_uuid'],
  },
  {
    name: 'coach_messages',
    columns: { role: 'text', content: 'text', thoughts: 'textNull', created_at: 'instant' },
    parent: { table: 'coach_conversations', column: 'conversation_id', as: 'conversation' },
    key: (r) => k(r.conversation, r.role, r.created_at, r.content),
  },
  {
    name: 'coach_meta',
    columns: {
      coach_type: 'text',
      meta_content: 'text',
      base_prompt: 'text',
      system_prompt_addition: 'text',
      updated_at: 'instant',
    },
    key: (r) => k(r.coach_type),
  },
  {
    name: 'workout_plans',
    columns: {
      date: 'date',
      plan_uuid: 'textNull',
      plan: 'json',
      focus: 'textNull',
      intensity: 'textNull',
      source: 'text',
      replaced_at: 'instantNull',
      created_at: 'instant',
      updated_at: 'instant',
    },
    // A date's current plan and its earlier versions (each replaced at its own time).
    key: (r) => k(r.date, r.replaced_at ?? null),
  },
  {
    name: 'workout_logs',
    columns: {
      date: 'date',
      entry: 'text',
      workout_completion: 'jsonNull',
      workout_skipped: 'flag',
      workout_done: 'flagNull',
      created_at: 'instant',
      updated_at: 'instant',
    },
    key: (r) => k(r.date),
  },
  {
    name: 'exercise_progress',
    columns: {
      workout_uuid: 'text',
      section_uuid: 'text',
      exercise_uuid: 'text',
      status: 'text',
      notes: 'textNull',
      updated_at: 'instant',
    },
    key: (r) => k(r.workout_uuid, r.exercise_uuid),
  },
  {
    name: 'exercise_feedback',
    columns: {
      workout_date: 'date',
      exercise_name: 'text',
      exercise_uuid: 'textNull',
      feedback_type: 'text',
      comment: 'textNull',
      created_at: 'instant',
    },
    key: (r) => k(r.workout_date, r.exercise_name),
  },
  {
    name: 'workout_settings',
    columns: { equipment_available: 'json', workout_preferences: 'json', updated_at: 'instant' },
    key: () => k('settings'),
  },
  {
    // Activities imported from watch files, with their laps and route; each one's original file
    // travels beside daymark.json (activities/<fingerprint>/<file>.gz).
    name: 'activities',
    columns: {
      fingerprint: 'text',
      date: 'date',
      start_at: 'instant',
      sport: 'text',
      name: 'textNull',
      device: 'textNull',
      elapsed_s: 'number',
      moving_s: 'numberNull',
      distance_m: 'numberNull',
      ascent_m: 'numberNull',
      avg_hr: 'numberNull',
      max_hr: 'numberNull',
      calories: 'numberNull',
      format: 'text',
      file_name: 'text',
      laps: 'json',
      route: 'json',
      created_at: 'instant',
    },
    key: (r) => k(r.fingerprint),
    check: checkActivity,
    file: { folder: activityFileFolder, table: 'activity_files', column: 'activity_id' },
  },
  {
    // The training rule (sessions a week, lengths, days, windows); its weeks are planned anew.
    name: 'training_rules',
    columns: { rule: 'json', updated_at: 'instant' },
    key: () => k('training rule'),
    check: trainingRuleJson,
  },
  {
    // Which calendars are shown and written to, and the sync switches. The calendars are named
    // by provider and address, so the choice applies again once the same calendars are connected.
    name: 'calendar_sync_settings',
    columns: {
      auto_sync: 'flag',
      sync_workouts: 'flag',
      sync_journal: 'flag',
      selected_calendars: 'json',
      updated_at: 'instant',
    },
    key: () => k('settings'),
    check: (r) =>
      selectedCalendars.safeParse(JSON.parse(String(r.selected_calendars))).success
        ? null
        : 'selected_calendars: not a list of calendar ids',
  },
  {
    // The user's own scheduled jobs (the briefing), with their schedule and zone. The next run
    // is counted from the moment of the import; the history of runs stays behind.
    name: 'cron_jobs',
    columns: {
      job_uuid: 'text',
      name: 'text',
      description: 'text',
      schedule: 'text',
      timezone: 'zone',
      job_type: 'text',
      job_config: 'json',
      enabled: 'flag',
      created_at: 'instant',
      updated_at: 'instant',
    },
    key: (r) => k(r.job_type, r.name, r.created_at),
    globallyUnique: ['job_uuid'],
    only: {
      column: 'job_type',
      in: USER_JOB_TYPES,
      why: "jobs of the installation's upkeep (backups, log clean-up, health checks, scripts) belong to the installation and are set up by its administrator",
    },
    check: checkJob,
    derived: (r, now) => ({
      last_run: null,
      next_run: r.enabled ? (nextRun(String(r.schedule), String(r.timezone), now)?.toISOString() ?? null) : null,
    }),
  },
];

/**
 * Every other table, and why an export leaves it out. A test fails when a table is in neither
 * list, so a new feature decides for its tables.
 */
export const NOT_EXPORTED: Record<string, string> = {
  users: 'the account itself: the importing account receives the data',
  sessions: 'secrets (sign-in tokens)',
  api_keys: 'secrets (key hashes); keys are created again for the new place',
  calendar_connections:
    'secrets (calendar passwords, tokens, OAuth grants); each calendar account is connected again after an import',
  calendar_calendars: 'read from the calendar servers when a calendar is connected',
  calendar_events: "a cache of the calendar servers' events",
  calendar_oauth_states: 'authorizations in progress, valid for minutes',
  calendar_written_events: "ids of events at this installation's calendar connections",
  cron_executions: "the history of the jobs' runs at this installation (their output and errors)",
  search_index: 'derived from the exported rows, rebuilt by the database on import',
  login_attempts: 'failed-login counters of the installation, not of an account',
  device_cookies: 'secrets (hashes of the device cookies of browsers that signed in at this installation)',
  activity_files: 'the original activity files travel as files of their own in the export zip (activities/…)',
  reminder_settings: "when this installation's reminders come; set again at the new place with the channels",
  reminder_channels: 'secrets (tokens and signing keys of the reminder channels); each channel is set up again',
  push_subscriptions: "this installation's browsers subscribed to notifications",
  reminder_deliveries: 'the log of what this installation sent',
  instance_keys: 'keys of the installation (Web Push), not of an account',
  stats_weeks: "the stats page's weekly figures, computed again from the imported rows on the first read",
  training_weeks: 'which weeks were planned at this installation; the rule plans the weeks ahead again',
  training_sessions:
    "times held in this installation's calendar connections; the rule places the sessions again in the calendars connected after an import",
};

/** An imported job must be one this installation runs for a user, on a valid schedule and config. */
function checkJob(r: Row): string | null {
  const type = jobTypes.find((t) => t.type === r.job_type && !t.system);
  if (!type) return `job_type: ${String(r.job_type).slice(0, 100)} is not a job a user can have`;
  if (String(r.name).trim() === '' || String(r.name).length > 200) return 'name: must be 1 to 200 characters';
  if (String(r.description).length > 2000) return 'description: at most 2000 characters';
  const problem = scheduleProblem(String(r.schedule), String(r.timezone));
  if (problem) return `schedule: ${problem}`;
  const config = JSON.parse(String(r.job_config)) as unknown;
  if (!config || typeof config !== 'object' || Array.isArray(config)) return 'job_config: not an object';
  const checked = validateConfig(type.configSchema, config as Record<string, unknown>);
  return typeof checked === 'string' ? `job_config: ${checked}` : null;
}

/** The schema an imported row of a table must match (unknown fields are dropped). */
export function rowSchema(spec: TableSpec) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, type] of Object.entries(spec.columns)) shape[name] = COLUMN[type];
  if (spec.parent) shape[spec.parent.as] = z.string().max(1000);
  return z.object(shape);
}

/** A parent row's key as its children name it. */
export const parentKeyOf = (spec: TableSpec, row: Row) => spec.key(row);
