import { z } from 'zod';
import { errorResponse, idParam } from './common.js';
import { isoDate } from './dates.js';

/**
 * The calendar API (part 1 §3, §7): events from Google Calendar, CalDAV or .ics subscriptions,
 * read from a per-user cache, always in the spec's Google-like shape.
 */

export const CALENDAR_PROVIDERS = ['google', 'caldav', 'ics'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

/** `date` for all-day events (YYYY-MM-DD, end exclusive as in iCalendar and Google), else `dateTime`. */
export const eventTime = z.object({
  date: z.string().optional(),
  /** ISO-8601 with offset. */
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});
export type EventTime = z.infer<typeof eventTime>;

export const eventAttendee = z.object({
  email: z.string().optional(),
  displayName: z.string().optional(),
  /** needsAction, accepted, tentative, declined */
  responseStatus: z.string().optional(),
  /** This attendee is the user. */
  self: z.boolean().optional(),
  organizer: z.boolean().optional(),
});

export const eventCalendar = z.object({
  id: z.string(),
  summary: z.string(),
  backgroundColor: z.string(),
  foregroundColor: z.string(),
});

export const calendarEvent = z
  .object({
    /** Unique per user; an occurrence of a recurring event has its own id (series id + start). */
    id: z.string(),
    etag: z.string().nullable(),
    /** The series an occurrence belongs to, else null. */
    recurringEventId: z.string().nullable(),
    summary: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    start: eventTime,
    end: eventTime,
    attendees: z.array(eventAttendee),
    organizer: z.object({ email: z.string().optional(), displayName: z.string().optional() }).nullable(),
    calendar: eventCalendar,
    /** The user declined this invitation: screens and coaches leave it out. */
    declined: z.boolean(),
    provider: z.enum(CALENDAR_PROVIDERS),
    htmlLink: z.string().nullable(),
    /**
     * Daymark wrote this entry (the workout or the journal of a day), recognised by the id it
     * gave it, never by its title; null for everyone else's events. Shown on the calendar, marked
     * as Daymark's, and left out of every list of meetings.
     */
    daymark: z.enum(['workout', 'journal', 'training']).nullable().default(null),
    /**
     * Whether the event holds the time, as its calendar says (iCalendar TRANSP or Outlook's busy
     * status, Google's transparency); null when it does not say. Training sessions are placed
     * around a timed event unless it is transparent, around an all-day one only when it is opaque.
     */
    transparency: z.enum(['opaque', 'transparent']).nullable().default(null),
    /**
     * The meeting's transcript: the newest transcript that references this event's id (and its
     * etag, when both carry one); null when it has none. The server decides this for every
     * screen, coach and tool.
     */
    transcript_id: z.number().int().nullable().default(null),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEvent = z.infer<typeof calendarEvent>;
export const calendarEventList = z.array(calendarEvent);

/** Calendar item (§3): id, summary, backgroundColor; plus what the settings screen shows. */
export const calendarItem = z
  .object({
    id: z.string(),
    summary: z.string(),
    backgroundColor: z.string(),
    foregroundColor: z.string(),
    provider: z.enum(CALENDAR_PROVIDERS),
    /** Events can be written to it (the workout sync); false for .ics subscriptions. */
    writable: z.boolean(),
    primary: z.boolean(),
    /** Its connection's authorization expired: its events are not shown until it is reconnected. */
    expired: z.boolean(),
  })
  .meta({ id: 'CalendarItem' });
export type CalendarItem = z.infer<typeof calendarItem>;
export const calendarList = z.array(calendarItem);

/**
 * What a journal day's calendar entry is titled: 'journal', plainly "Journal" (the default: the
 * entry may sit in a calendar others see), or 'goal', "Journal: " and the day's personal goal.
 */
export const JOURNAL_TITLES = ['journal', 'goal'] as const;
export type JournalTitle = (typeof JOURNAL_TITLES)[number];

/** A calendar Daymark writes to, by its id and the name the user knows it by. */
export const writeTarget = z.object({ id: z.string(), summary: z.string() });
export type WriteTarget = z.infer<typeof writeTarget>;

/** Sync settings (§3), with the spec's defaults: auto_sync true, sync_workouts true, sync_journal false. */
export const syncSettings = z
  .object({
    auto_sync: z.boolean(),
    sync_workouts: z.boolean(),
    sync_journal: z.boolean(),
    /** Calendar ids whose events are shown; empty means every calendar. */
    selected_calendars: z.array(z.string()),
    /** The calendar the journal's entries go to; null: the one workouts go to. */
    journal_calendar: z.string().nullable(),
    journal_title: z.enum(JOURNAL_TITLES),
    /**
     * Where entries are written now, by name (null: no calendar takes them): workouts to the
     * first ticked calendar that accepts events, else the primary one; the journal to its own
     * choice, else the same.
     */
    targets: z.object({ workouts: writeTarget.nullable(), journal: writeTarget.nullable() }),
    last_sync_time: z.string().nullable(),
  })
  .meta({ id: 'SyncSettings' });
export type SyncSettings = z.infer<typeof syncSettings>;
export const saveSyncSettingsRequest = z.object({
  auto_sync: z.boolean(),
  sync_workouts: z.boolean(),
  sync_journal: z.boolean(),
  selected_calendars: z.array(z.string().max(1000)).max(200),
  /** Absent: kept as saved (null when never chosen). */
  journal_calendar: z.string().max(1000).nullable().optional(),
  /** Absent: kept as saved ('journal' when never chosen). */
  journal_title: z.enum(JOURNAL_TITLES).optional(),
});
export type SaveSyncSettings = z.infer<typeof saveSyncSettingsRequest>;

/**
 * What the last reading of a connection's calendars could not read. A calendar is never refused
 * for one bad part: what cannot be read is left out and counted here, and the settings screen
 * says so ('2 events could not be read').
 */
export const calendarReadIssues = z
  .object({
    /** Events (or occurrences' overrides) left out because they could not be read. */
    skipped: z.number().int(),
    /** Why the first of them could not be read, in plain words; null when none was skipped. */
    first_reason: z.string().nullable(),
    /** Time zone names that could not be recognised; their times were read in the calendar's own zone (X-WR-TIMEZONE), else the user's. */
    unknown_zones: z.array(z.string()),
  })
  .meta({ id: 'CalendarReadIssues' });
export type CalendarReadIssues = z.infer<typeof calendarReadIssues>;

export const connectionStatus = z.enum(['connected', 'expired']);
export const calendarConnection = z
  .object({
    id: z.number(),
    provider: z.enum(CALENDAR_PROVIDERS),
    status: connectionStatus,
    /** What the user recognises it by: the Google account, the CalDAV user at host, the .ics name. */
    label: z.string(),
    connected_at: z.string(),
    last_sync_time: z.string().nullable(),
    /** The last refresh failure, shown in settings; null when the last refresh worked. */
    last_error: z.string().nullable(),
    /** What the last refresh could not read; null when everything was read. */
    read_issues: calendarReadIssues.nullable(),
  })
  .meta({ id: 'CalendarConnection' });
export type CalendarConnection = z.infer<typeof calendarConnection>;
export const connectionsResponse = z.object({
  connections: z.array(calendarConnection),
  /** Google sign-in is configured on this server (the administrator's settings, see the README). */
  google_configured: z.boolean(),
});

export const isAuthenticatedResponse = z.object({ isAuthenticated: z.boolean() });
export const authUrlQuery = z.object({ baseUrl: z.string().max(2000).optional() });
export const authUrlResponse = z.object({ authUrl: z.string() });

export const oauthCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});
/**
 * §7: failure shape {success:false, error, message}, answered with status 200 like a success
 * (error: access_denied, invalid_state, invalid_grant, redirect_uri_mismatch, code_missing,
 * not_configured, …); only a missing session answers 401.
 */
export const oauthCallbackResponse = z.union([
  z.object({ success: z.literal(true), message: z.string() }),
  z.object({ success: z.literal(false), error: z.string(), message: z.string() }),
]);

export const connectCaldavRequest = z.object({
  url: z.string().trim().url('Enter the CalDAV server URL, starting with https:// or http://').max(2000),
  username: z.string().trim().min(1, 'Username is required').max(500),
  password: z.string().min(1, 'Password is required').max(1000),
});
export const connectIcsRequest = z.object({
  url: z.string().trim().url('Enter the calendar URL, starting with https:// or http://').max(2000),
  name: z.string().trim().min(1, 'Name is required').max(200),
});
export const connectionIdParams = z.object({ id: idParam() });

export const EVENTS_MAX_RESULTS = 200;
export const eventsRangeQuery = z.object({
  startDate: isoDate,
  /** Inclusive; the start date when absent. */
  endDate: isoDate.optional(),
  maxResults: z.coerce.number().int().min(1).max(2500).default(EVENTS_MAX_RESULTS),
  /** true: refresh from the provider first instead of serving the cache. */
  refresh: z.enum(['true', 'false']).optional(),
});

export const freeSlotsQuery = z.object({
  days: z.coerce.number().int().min(1).max(31).default(7),
  minDuration: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
});
export const freeSlot = z.object({ start: z.string(), end: z.string(), duration_minutes: z.number() });
export const freeSlotsResponse = z.array(freeSlot);

export const syncWorkoutResponse = z.object({
  success: z.literal(true),
  event_id: z.string(),
  calendar_id: z.string(),
  /** The calendar's name, as the user knows it ('Personal', 'alice@example.com'). */
  calendar_name: z.string(),
  /** true when an earlier sync's event was updated instead of a new one added. */
  updated: z.boolean(),
});

export const refreshResponse = z.object({ last_sync_time: z.string().nullable(), events: z.number() });

/** POST /caldav and /ics answer 201 with the new connection; DELETE /caldav, /ics/:id and POST /revoke with this. */
export const disconnectResponse = z.object({ success: z.literal(true), message: z.string() });

/**
 * A calendar call's error: `code` is AUTH_EXPIRED on the 401 of an expired Google connection
 * (the session is fine: reconnect). 502: a calendar server (Google, CalDAV, the .ics host) failed
 * during a refresh or a write; the message names what failed.
 */
export const calendarErrorResponse = errorResponse.extend({ code: z.string().optional() });

export * from './calendarText.js';
