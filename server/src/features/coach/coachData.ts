import type { TrainingLoad } from '#common/api/activities.js';
import type { SpecificEntries } from '#common/api/coach.js';
import type { AppContext } from '../../context.js';

/**
 * The user's data a coach reads, in one shape whatever feature it comes from. Each source
 * (journal, todos, workouts, transcripts, calendar) fills its part; see sources.ts.
 */
export interface JournalStructured {
  daily_priorities?: string[];
  gtd_next_actions?: string[];
  waiting_for?: string[];
  anticipated_challenges?: string;
  perspective_reminder?: string;
  energy_level?: number;
  wins?: string[];
  frustrations?: string;
  values_alignment?: string;
  open_loops?: string[];
  personal_time?: string[];
}

export interface JournalItem {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  kind: string;
  title?: string;
  content: string;
  structured?: JournalStructured;
}

export interface TodoItem {
  content: string;
  completed: boolean;
  completed_at: string | null;
  created_at: string;
}

export interface WorkoutItem {
  date: string;
  kind: 'plan' | 'log';
  /** Plans: the plan's title; logs: the entry text. */
  text: string;
  status?: 'completed' | 'skipped' | 'none';
}

/** A training session of the week (features/training): when, how long, and what changed about it. */
export interface TrainingItem {
  date: string;
  start_time: string;
  end_time: string;
  minutes: number;
  status: 'planned' | 'done' | 'skipped' | 'released';
  /** The last change and why ("Moved from Wed 12:00 to Wed 17:30: …"), null when none. */
  note: string | null;
}

export interface TranscriptItem {
  id: string;
  date: string;
  title: string;
  transcript_type: string;
  context?: string | null;
  content: string;
  /** Scheduled transcripts: the event they record, and when it started. */
  google_event_id?: string | null;
  google_event_etag?: string | null;
  event_start?: string | null;
}

export interface CalendarAttendee {
  email?: string;
  self?: boolean;
  responseStatus?: string;
}

/** A meeting on the user's calendar (Daymark's own entries, a workout or a journal day, are not read). */
export interface CalendarEventItem {
  /** A transcript of the meeting is saved (decided by the calendar's `transcript_id`, transcripts/eventLinks.ts). */
  has_transcript?: boolean;
  summary: string;
  start: string;
  end?: string;
  location?: string | null;
  attendees?: CalendarAttendee[];
}

/** An entry the user attached to a message through the notes picker. */
export interface AttachedItem {
  kind: 'journal' | 'transcript' | 'note';
  title: string;
  date?: string;
  content: string;
}

export interface CoachData {
  journal: JournalItem[];
  todos: TodoItem[];
  workouts: WorkoutItem[];
  /** This week's training sessions, when the user's training rule is on. */
  training: TrainingItem[];
  /**
   * Activities recorded by a watch or bike computer (features/activities): the last 14 days' as
   * lines, and the load of the last 7 and 28 days by sport; one item, none when nothing was ever
   * imported.
   */
  recorded: Array<{ lines: string[]; load: TrainingLoad }>;
  transcripts: TranscriptItem[];
  calendar: CalendarEventItem[];
  /**
   * What the calendar part leaves out, in plain words, filled by the calendar source beside its
   * events ('Google Calendar: authorization expired; …'), so a coach does not take a calendar
   * missing for that reason for a free one.
   */
  calendarNotices: string[];
  attached: AttachedItem[];
}

export const emptyCoachData = (): CoachData => ({
  journal: [],
  todos: [],
  workouts: [],
  training: [],
  recorded: [],
  transcripts: [],
  calendar: [],
  calendarNotices: [],
  attached: [],
});

export interface SourceRequest {
  userId: number;
  /** YYYY-MM-DD: the user's today, in their time zone. */
  today: string;
  specificEntries?: SpecificEntries;
}

/**
 * A feature's contribution to a coach's context: its recent data and the entries the user
 * attached from it. Each reads only the user's own rows through the feature's repo.
 */
export type CoachSource = (ctx: AppContext, req: SourceRequest) => Promise<Partial<CoachData>>;
