import type { CalendarProvider } from '#common/api/calendar.js';
import type { Config } from '../../../config.js';

/** An attendee as every provider reports it. */
export interface Attendee {
  email?: string;
  displayName?: string;
  responseStatus?: string;
  self?: boolean;
  organizer?: boolean;
}

/**
 * One event (or one occurrence of a recurring event) as the cache stores it: timed events carry
 * UTC instants, all-day events carry dates (end exclusive).
 */
export interface ProviderEvent {
  id: string;
  etag: string | null;
  recurringEventId: string | null;
  summary: string;
  description: string | null;
  location: string | null;
  allDay: boolean;
  /** UTC ISO instants (timed events). */
  startAt?: string;
  endAt?: string;
  /** YYYY-MM-DD (all-day events; end exclusive). */
  startDate?: string;
  endDate?: string;
  /** The zone the event was written in, when it named one. */
  timeZone?: string;
  attendees: Attendee[];
  organizer: { email?: string; displayName?: string } | null;
  declined: boolean;
  htmlLink: string | null;
  /**
   * Whether the event blocks time, as its source states it: iCalendar's TRANSP (or Outlook's
   * X-MICROSOFT-CDO-BUSYSTATUS), Google's `transparency` (absent there means opaque). Undefined
   * when the source says nothing. Free time for training (features/training) counts a timed
   * event busy unless it is 'transparent', an all-day event only when it is 'opaque'.
   */
  transparency?: 'opaque' | 'transparent';
  /**
   * Daymark wrote this event (a workout, a journal day): set by the refresh that caches it
   * (features/calendar/ownEvents.ts), absent for everyone else's events.
   */
  daymark?: OwnKind;
}

/** What Daymark writes to a calendar: the workout of a day, the journal of a day, a training session. */
export const OWN_KINDS = ['workout', 'journal', 'training'] as const;
export type OwnKind = (typeof OWN_KINDS)[number];

export interface RemoteCalendar {
  remoteId: string;
  summary: string;
  backgroundColor: string | null;
  foregroundColor: string | null;
  writable: boolean;
  primary: boolean;
  /** A version the provider reports for the whole calendar (CalDAV getctag); unchanged means no refetch. */
  version?: string | null;
}

/**
 * What a reading of iCalendar data could not read: events left out (with the first reason) and
 * zone names not recognised. Stored per calendar, shown on the connection.
 */
export interface ReadIssues {
  skipped: number;
  firstReason: string | null;
  unknownZones: string[];
}

/** What a refresh of one calendar brings back. */
export type CalendarChanges =
  | { kind: 'unchanged'; state: string | null }
  /** Every event of the calendar in the cache window: the cached ones are replaced. */
  | { kind: 'replace'; events: ProviderEvent[]; state: string | null; issues?: ReadIssues }
  /** Only what changed since the last state (Google syncToken). */
  | { kind: 'delta'; events: ProviderEvent[]; removed: string[]; state: string | null };

/** An event Daymark writes: a workout or a journal day is an all-day event on `date` (free time). */
export interface AllDayWriteEvent {
  date: string;
  summary: string;
  description: string;
}
/**
 * A training session is a timed event from `start` to `end` (UTC ISO instants), shown in the
 * user's `timeZone`, and busy: it holds the time.
 */
export interface TimedWriteEvent {
  start: string;
  end: string;
  timeZone: string;
  summary: string;
  description: string;
}
export type WriteEvent = AllDayWriteEvent | TimedWriteEvent;
export const isTimed = (e: WriteEvent): e is TimedWriteEvent => 'start' in e;

/** Where the event of an item Daymark writes is, or is to be, at the provider. */
export interface WriteTarget {
  /** Its id: the one `eventIdFor` gave before its first write, the stored one after. */
  remoteEventId: string;
  etag: string | null;
  /** A write of the item is known to have landed: update first. Else create first. */
  written: boolean;
}

export interface WrittenRef {
  remoteEventId: string;
  etag: string | null;
  /** The write made the event (false: it updated or restored the event that was there). */
  created: boolean;
}

export interface ProviderContext {
  config: Config;
  /** The user's zone: floating times are read in it. */
  timeZone: string;
  /** The cache window: events overlapping [start, end) are cached. */
  window: { start: Date; end: Date };
  /** Credentials changed (a refreshed access token): the caller stores them. */
  onCredentials(credentials: unknown): Promise<void>;
}

/**
 * One calendar provider. Credentials are opaque to the rest of the app and stored encrypted.
 * Errors: `CalendarError` (a message for the user), `CalendarAuthExpired` (reconnect needed).
 */
export interface CalendarProviderImpl {
  name: CalendarProvider;
  listCalendars(credentials: unknown, pctx: ProviderContext): Promise<RemoteCalendar[]>;
  fetchChanges(
    credentials: unknown,
    calendar: RemoteCalendar,
    state: string | null,
    pctx: ProviderContext,
  ): Promise<CalendarChanges>;
  /**
   * The id a new event written under `name` has in the calendar, chosen by Daymark before the
   * event exists: the same name always gives the same id, so a second create of one item meets
   * the first (CalDAV: 412 to `If-None-Match: *`; Google: 409) instead of adding another event.
   * Present with `writeEvent`.
   */
  eventIdFor?(calendarRemoteId: string, name: string): string;
  /**
   * The id the cache reads an event Daymark wrote under (`ProviderEvent.id`), from the id its
   * write stored (`WrittenRef.remoteEventId`): Google's event id as it is, a CalDAV object's UID
   * from its URL. Present with `writeEvent`.
   */
  cachedEventIdOf?(remoteEventId: string): string;
  /**
   * Writes the event at `target`, whatever became of it on the server: creates it when it is
   * not there (first write, or deleted since), updates it when it is (overwriting changes made
   * there). Absent for read-only providers.
   */
  writeEvent?(
    credentials: unknown,
    calendarRemoteId: string,
    target: WriteTarget,
    event: WriteEvent,
    pctx: ProviderContext,
  ): Promise<WrittenRef>;
  /**
   * Removes the event Daymark wrote at `remoteEventId` (a training session skipped or released).
   * An event already gone (404, 410, Google's cancelled) counts as removed. Present with `writeEvent`.
   */
  deleteEvent?(
    credentials: unknown,
    calendarRemoteId: string,
    remoteEventId: string,
    pctx: ProviderContext,
  ): Promise<void>;
  /** Tells the provider the connection is gone (Google token revocation); best effort. */
  revoke?(credentials: unknown, config: Config): Promise<void>;
}

/** A failure whose message names what failed, safe to show. */
export class CalendarError extends Error {}
/** The provider no longer accepts the stored credentials. */
export class CalendarAuthExpired extends Error {}
