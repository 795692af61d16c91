import type { Generated } from 'kysely';

/**
 * Row types of every table. Booleans are stored as 0/1 integers and timestamps as ISO-8601
 * UTC text in both dialects, so that one query code serves SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  is_admin: number;
  /** IANA zone; null until the browser first reports it (then UTC is used). */
  timezone: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  /** Public identifier of a session (shown in the sessions list); never the token. */
  public_id: string;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface CoachConversationsTable {
  id: Generated<number>;
  user_id: number;
  conversation_uuid: string;
  coach_type: string;
  title: string | null;
  created_at: string;
  updated_at: string;
}

export interface CoachMessagesTable {
  id: Generated<number>;
  user_id: number;
  conversation_id: number;
  role: string;
  content: string;
  thoughts: string | null;
  created_at: string;
}

/** A user's prompt settings for one coach; absent means the built-in defaults. */
export interface CoachMetaTable {
  id: Generated<number>;
  user_id: number;
  coach_type: string;
  meta_content: string;
  base_prompt: string;
  system_prompt_addition: string;
  updated_at: string;
}

export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  completed: number;
  completed_at: string | null;
  created_at: string;
}

/** journal_type: 'daily' (the daily note), 'weekly_planning' or 'note'. */
export interface JournalEntriesTable {
  id: Generated<number>;
  user_id: number;
  date: string;
  journal_type: string;
  content: string;
  structured_data: string | null;
  has_morning: number;
  has_evening: number;
  created_at: string;
  updated_at: string;
}

export interface TranscriptsTable {
  id: Generated<number>;
  user_id: number;
  date: string;
  title: string;
  content: string;
  context: string | null;
  transcript_type: string;
  google_event_id: string | null;
  google_event_etag: string | null;
  google_recurring_event_id: string | null;
  event_start: string | null;
  created_at: string;
  /** The text's length in characters and its first TRANSCRIPT_PREVIEW_CHARS, kept by triggers (0019). */
  characters: Generated<number>;
  excerpt: Generated<string>;
}

export interface WorkoutPlansTable {
  id: Generated<number>;
  user_id: number;
  /** YYYY-MM-DD; one current plan per user and date (replaced_at null), and its earlier versions. */
  date: string;
  plan_uuid: string | null;
  /** The plan as a JSON string (part 2 §3). */
  plan: string;
  focus: string | null;
  intensity: string | null;
  /** 'planner' or the AI provider's name. */
  source: string;
  /**
   * What the plan list shows, kept beside the JSON (summarisePlan): kind 'structured', 'skipped'
   * or 'text', the title and the minutes. Null on a row written without them (read from `plan`).
   */
  kind: string | null;
  title: string | null;
  estimated_duration: number | null;
  /** When a newer plan for the date replaced this one, which was kept (it had marks or a log). */
  replaced_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkoutLogsTable {
  id: Generated<number>;
  user_id: number;
  date: string;
  entry: string;
  /** JSON array of {name, completed, notes}, or null. */
  workout_completion: string | null;
  workout_skipped: number;
  /** 1: done; 0: no status; null: written before logs said so (done unless skipped). */
  workout_done: number | null;
  /** The plan the log is for; null when its date had none or the plan was deleted. */
  plan_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ExerciseProgressTable {
  id: Generated<number>;
  user_id: number;
  workout_uuid: string;
  section_uuid: string;
  exercise_uuid: string;
  status: string;
  notes: string | null;
  updated_at: string;
}

export interface ExerciseFeedbackTable {
  id: Generated<number>;
  user_id: number;
  workout_date: string;
  exercise_name: string;
  exercise_uuid: string | null;
  feedback_type: string;
  comment: string | null;
  created_at: string;
}

export interface WorkoutSettingsTable {
  id: Generated<number>;
  user_id: number;
  /** JSON {indoor, home, outdoor}. */
  equipment_available: string;
  /** JSON {weatherDependent, preferredDuration}. */
  workout_preferences: string;
  updated_at: string;
}

/** The planning conversation of a week; messages: JSON [{role, content}]. */
export interface WeeklyConversationsTable {
  id: Generated<number>;
  user_id: number;
  /** The week's Monday. */
  week_date: string;
  messages: string;
  created_at: string;
  updated_at: string;
}

/** A scheduled job (§3 'Cron job'); job_config is a JSON object as text. */
export interface CronJobsTable {
  id: Generated<number>;
  job_uuid: string;
  user_id: number;
  name: string;
  description: string;
  schedule: string;
  /** IANA zone the schedule is read in: the creating user's. */
  timezone: string;
  job_type: string;
  job_config: string;
  enabled: number;
  last_run: string | null;
  next_run: string | null;
  created_at: string;
  updated_at: string;
}

/** One run of a job (§3 'Cron execution'). status: running, success, failure, cancelled. */
export interface CronExecutionsTable {
  id: Generated<number>;
  job_id: number;
  status: string;
  trigger: string;
  scheduled_for: string | null;
  started_at: string;
  completed_at: string | null;
  error: string | null;
  output: string | null;
  instance_id: string;
  heartbeat_at: string;
}

/** provider: google, caldav or ics; credentials: AES-256-GCM ciphertext (see server/src/secrets.ts). */
export interface CalendarConnectionsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  label: string;
  credentials: string;
  /** 'connected' or 'expired' */
  status: string;
  last_sync_time: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarCalendarsTable {
  id: Generated<number>;
  user_id: number;
  connection_id: number;
  /** The provider's id: Google calendar id, CalDAV collection URL, .ics URL. */
  remote_id: string;
  summary: string;
  background_color: string;
  foreground_color: string;
  writable: number;
  is_primary: number;
  /** JSON: Google syncToken or CalDAV ctag of the last refresh. */
  sync_state: string | null;
  /** JSON ReadIssues of the last reading (calendar/types.ts); null when everything was read. */
  read_issues: string | null;
}

/** One cached event (one occurrence of a recurring one); timed events have instants, all-day ones dates. */
export interface CalendarEventsTable {
  id: Generated<number>;
  user_id: number;
  calendar_row_id: number;
  event_id: string;
  start_at: string | null;
  end_at: string | null;
  start_date: string | null;
  end_date: string | null;
  /** JSON of the event's other fields. */
  data: string;
}

export interface CalendarSyncSettingsTable {
  id: Generated<number>;
  user_id: number;
  auto_sync: number;
  sync_workouts: number;
  sync_journal: number;
  /** JSON array of calendar ids. */
  selected_calendars: string;
  /** The calendar (public id) the journal's entries go to; null: the one workouts go to. */
  journal_calendar: string | null;
  /** What a journal entry is titled: 'journal' ("Journal") or 'goal' ("Journal: " and the day's goal). */
  journal_title: Generated<string>;
  updated_at: string;
}

/** A started Google authorization: the state's SHA-256 and the encrypted PKCE verifier. */
export interface CalendarOauthStatesTable {
  id: Generated<number>;
  user_id: number;
  state_hash: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: string;
}

/** An event Daymark wrote (kind 'workout' or 'journal', keyed by date) so a second sync updates it. */
export interface CalendarWrittenEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  item_key: string;
  calendar_row_id: number;
  remote_event_id: string;
  etag: string | null;
  updated_at: string;
  /** 'pending' until a write of the item is known to have landed, then 'written'. */
  state: Generated<string>;
  /** The writer holding the item, and until when (ISO instant); null when none does. */
  lease_token: string | null;
  lease_until: string | null;
}

/** An API key for MCP clients; the key itself is never stored, only its SHA-256. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  key_hash: string;
  key_preview: string;
  /** 'read' or 'read_write'. */
  scope: string;
  created_at: string;
  /** null: never expires. */
  expires_at: string | null;
  last_used_at: string | null;
}

/** Sign-in counters shared by every instance (see features/auth/dbThrottle.ts and backoff.ts). */
export interface LoginAttemptsTable {
  /** `ip:<address>`, `user:<lower-case name>` or `device:<device cookie id>`. */
  key: string;
  count: number;
  /** ms since the epoch: no attempt is let through before. */
  blocked_until: number;
  /** ms since the epoch: the counter is forgotten after. */
  expires_at: number;
}

/**
 * A browser a user signed in with (features/auth/deviceCookie.ts): only the SHA-256 of its
 * cookie's random token is stored. Sign-ins it carries are counted on it alone.
 */
export interface DeviceCookiesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
}

export interface TrainingRulesTable {
  id: Generated<number>;
  user_id: number;
  /** JSON TrainingRule (common/api/training.ts). */
  rule: string;
  updated_at: string;
}

export interface ActivitiesTable {
  id: Generated<number>;
  user_id: number;
  /** Start, sport and device (features/activities/service.ts): the same activity imported again matches. */
  fingerprint: string;
  /** Local date of the start in the user's zone. */
  date: string;
  start_at: string;
  sport: string;
  name: string | null;
  device: string | null;
  elapsed_s: number;
  moving_s: number | null;
  distance_m: number | null;
  ascent_m: number | null;
  avg_hr: number | null;
  max_hr: number | null;
  calories: number | null;
  format: string;
  file_name: string;
  /** JSON ActivityLap[] (common/api/activities.ts). */
  laps: string;
  /** JSON [lat, lon][]: the route thinned for the map. */
  route: string;
  created_at: string;
}

export interface ReminderSettingsTable {
  user_id: number;
  training_lead_minutes: number;
  journal_time: string;
  weekly_time: string;
  quiet_start: string | null;
  quiet_end: string | null;
  updated_at: string;
}
export interface ReminderChannelsTable {
  id: Generated<number>;
  user_id: number;
  /** email | ntfy | gotify | webhook | webpush */
  kind: string;
  label: string;
  enabled: number;
  /** titles | details */
  detail: string;
  /** JSON array of the reminder kinds it carries. */
  kinds: string;
  /** What the list shows: the address, server and topic, or URL (no secret). */
  target: string;
  /** JSON of the settings without secrets. */
  config: string;
  /** The token or signing key, sealed (secrets.ts); null: none. */
  secret: string | null;
  /** The address the app was opened at when the channel was saved, for links. */
  app_url: string | null;
  /** Failed sends in a row. */
  failures: number;
  broken_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  endpoint: string;
  /** JSON {p256dh, auth}. */
  keys: string;
  created_at: string;
}
export interface ReminderDeliveriesTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  /** training | briefing | journal | weekly | calendar | test */
  kind: string;
  /** What it reminds of, e.g. training:12:2026-12-01T12:10:00.000Z; unique per channel. */
  item_key: string;
  title: string;
  /** JSON of the message (title, body, path) at both detail levels. */
  payload: string;
  /** pending | retrying | sent | failed | dropped */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  /** While an instance sends it. */
  lease_until: string | null;
  error: string | null;
  due_at: string;
  sent_at: string | null;
}
export interface InstanceKeysTable {
  name: string;
  /** Sealed (secrets.ts) when secret. */
  value: string;
  created_at: string;
}
export interface ActivityFilesTable {
  id: Generated<number>;
  user_id: number;
  activity_id: number;
  /** The original file, gzipped, base64. */
  data: string;
}

export interface TrainingWeeksTable {
  id: Generated<number>;
  user_id: number;
  /** The Monday of the week (local date). */
  week_start: string;
  planned_at: string;
}

export interface TrainingSessionsTable {
  id: Generated<number>;
  user_id: number;
  week_start: string;
  /** The session's number in its week, from 1. */
  idx: number;
  date: string;
  start_at: string;
  end_at: string;
  minutes: number;
  /** planned | done | skipped | released (done is derived when read; stored planned). */
  status: string;
  /** planner | user */
  placed_by: string;
  /** written | pending | off | failed */
  calendar: string;
  note: string | null;
  changed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A week's part of the stats page (migration 0034, features/stats/rollups.ts). */
export interface StatsWeeksTable {
  user_id: number;
  /** The week's Sunday, YYYY-MM-DD. */
  week_start: string;
  /** Bumped by every write the week's figures count. */
  gen: number;
  /** The `gen` read before `data` was computed: `data` holds while they are equal. */
  computed_gen: number;
  zone: string | null;
  /** The last day counted (the Saturday, or the day of the read in the current week). */
  through: string | null;
  data: string | null;
}

export interface Database {
  stats_weeks: StatsWeeksTable;
  api_keys: ApiKeysTable;
  login_attempts: LoginAttemptsTable;
  device_cookies: DeviceCookiesTable;
  training_rules: TrainingRulesTable;
  activities: ActivitiesTable;
  activity_files: ActivityFilesTable;
  reminder_settings: ReminderSettingsTable;
  reminder_channels: ReminderChannelsTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_deliveries: ReminderDeliveriesTable;
  instance_keys: InstanceKeysTable;
  training_weeks: TrainingWeeksTable;
  training_sessions: TrainingSessionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  todos: TodosTable;
  journal_entries: JournalEntriesTable;
  transcripts: TranscriptsTable;
  coach_conversations: CoachConversationsTable;
  coach_messages: CoachMessagesTable;
  coach_meta: CoachMetaTable;
  workout_plans: WorkoutPlansTable;
  workout_logs: WorkoutLogsTable;
  exercise_progress: ExerciseProgressTable;
  exercise_feedback: ExerciseFeedbackTable;
  workout_settings: WorkoutSettingsTable;
  weekly_conversations: WeeklyConversationsTable;
  cron_jobs: CronJobsTable;
  cron_executions: CronExecutionsTable;
  calendar_connections: CalendarConnectionsTable;
  calendar_calendars: CalendarCalendarsTable;
  calendar_events: CalendarEventsTable;
  calendar_sync_settings: CalendarSyncSettingsTable;
  calendar_oauth_states: CalendarOauthStatesTable;
  calendar_written_events: CalendarWrittenEventsTable;
}
