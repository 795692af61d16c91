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
  created_at: string;
}

export interface WorkoutPlansTable {
  id: Generated<number>;
  user_id: number;
  /** YYYY-MM-DD; one plan per user and date. */
  date: string;
  plan_uuid: string | null;
  /** The plan as a JSON string (part 2 §3). */
  plan: string;
  focus: string | null;
  intensity: string | null;
  /** 'planner' or the AI provider's name. */
  source: string;
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

export interface Database {
  api_keys: ApiKeysTable;
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
}
