import { useQuery } from '@tanstack/react-query';
import {
  authUrlResponse,
  CALENDAR_TEXT,
  type CalendarConnection,
  calendarEventList,
  calendarList,
  connectionsResponse,
  oauthCallbackResponse,
  refreshResponse,
  type SaveSyncSettings,
  syncSettings,
  syncWorkoutResponse,
} from '#common/api/calendar.js';
import { ApiError, del, get, isNetworkFailure, post, put } from '../../api/client';

/**
 * The calendar calls (part 1 §7) and their errors (§8): an expired Google connection raises the
 * server's message (else the spec's), any other failure 'Failed to fetch …: {status}'.
 */
export class CalendarExpiredError extends ApiError {
  constructor(message: string, body: unknown) {
    super(401, message, body);
  }
}

export const isCalendarExpired = (error: unknown): error is CalendarExpiredError =>
  error instanceof CalendarExpiredError;

/** Runs a call and gives its failure the spec's text; still an ApiError, so 4xx are not retried. */
async function calendarCall<T>(call: () => Promise<T>, failure?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.calendarAuthExpired) {
      throw new CalendarExpiredError(error.serverMessage ?? CALENDAR_TEXT.expiredCall, error.body);
    }
    if (failure && error instanceof ApiError) {
      throw new ApiError(error.status, `${failure}: ${error.status}`, error.body);
    }
    throw error;
  }
}

export const calendarKeys = {
  all: ['calendar'] as const,
  connections: ['calendar', 'connections'] as const,
  settings: ['calendar', 'sync-settings'] as const,
  calendars: ['calendar', 'calendars'] as const,
  events: ['calendar', 'events'] as const,
  range: (startDate: string, endDate: string, maxResults: number) =>
    ['calendar', 'events', startDate, endDate, maxResults] as const,
};

export const fetchConnections = () => calendarCall(() => get('/calendar/connections', { schema: connectionsResponse }));

export const fetchEventsRange = (startDate: string, endDate: string, maxResults: number, refresh = false) =>
  calendarCall(
    () =>
      get('/calendar/events/range', {
        schema: calendarEventList,
        query: { startDate, endDate, maxResults, refresh: refresh ? 'true' : undefined },
      }),
    'Failed to fetch events for range',
  );

export const calendarApi = {
  authUrl: () =>
    calendarCall(() =>
      get('/calendar/auth-url', {
        schema: authUrlResponse,
        query: { baseUrl: window.location.origin },
        cache: 'no-store',
      }),
    ),
  revoke: () => calendarCall(() => post('/calendar/revoke'), CALENDAR_TEXT.disconnectFailed),
  syncSettings: () =>
    calendarCall(() => get('/calendar/sync-settings', { schema: syncSettings }), 'Failed to fetch sync settings'),
  saveSyncSettings: (body: SaveSyncSettings) =>
    calendarCall(() => put('/calendar/sync-settings', body, { schema: syncSettings })),
  calendars: () =>
    calendarCall(() => get('/calendar/calendars', { schema: calendarList }), 'Failed to fetch available calendars'),
  connectCaldav: (body: { url: string; username: string; password: string }) =>
    calendarCall(() => post('/calendar/caldav', body)),
  disconnectCaldav: () => calendarCall(() => del('/calendar/caldav')),
  addIcs: (body: { url: string; name: string }) => calendarCall(() => post('/calendar/ics', body)),
  removeIcs: (id: number) => calendarCall(() => del(`/calendar/ics/${id}`)),
  refresh: () => calendarCall(() => post('/calendar/refresh', undefined, { schema: refreshResponse })),
  syncWorkout: (planId: number) =>
    calendarCall(() => post(`/calendar/sync-workout/${planId}`, undefined, { schema: syncWorkoutResponse })),
  /**
   * Finishes the Google authorization. A request that gets no answer becomes the spec's
   * network_error failure; an error answer keeps the server's `{success:false, error, message}`.
   */
  oauthCallback: async (query: { code: string; state?: string }) => {
    try {
      return await get('/calendar/oauth-callback', { schema: oauthCallbackResponse, query });
    } catch (error) {
      if (isNetworkFailure(error)) {
        return { success: false as const, error: 'network_error', message: CALENDAR_TEXT.callbackNetwork };
      }
      if (error instanceof ApiError) {
        const parsed = oauthCallbackResponse.safeParse(error.body);
        if (parsed.success) return parsed.data;
        const body = (error.body ?? {}) as { error?: unknown; code?: unknown };
        return {
          success: false as const,
          error: typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : 'unknown',
          message: error.message,
        };
      }
      throw error;
    }
  },
};

/** The user's connections; the screens derive "connected" from it. */
export const useConnections = () =>
  useQuery({ queryKey: calendarKeys.connections, queryFn: fetchConnections, retry: false });

export interface ConnectionState {
  /** At least one connection, Google or other, is usable. */
  connected: boolean;
  /** The Google connection exists but its authorization expired or was revoked. */
  googleExpired: boolean;
  /** A connected provider whose calendars accept new events (Google or CalDAV). */
  writable: boolean;
}

export function connectionState(connections: CalendarConnection[] | undefined): ConnectionState {
  const list = connections ?? [];
  return {
    connected: list.some((c) => c.status === 'connected'),
    googleExpired: list.some((c) => c.provider === 'google' && c.status === 'expired'),
    writable: list.some((c) => c.status === 'connected' && c.provider !== 'ics'),
  };
}
