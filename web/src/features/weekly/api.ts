import { useQuery } from '@tanstack/react-query';
import { type CalendarEvent, calendarEventList, isAuthenticatedResponse } from '#common/api/calendar.js';
import {
  type PlanningMessage,
  type SaveWeeklyPlanRequest,
  type SaveWeeklyPlanResponse,
  saveWeeklyPlanResponse,
  type WeeklyCoachEvent,
  type WeeklyCoachRequest,
  type WeeklyConversation,
  type WeeklyPlan,
  type WeeklyReflections,
  weeklyCoachEvent,
  weeklyConversation,
  weeklyPlan,
  weeklyReflections,
} from '#common/api/weekly.js';
import { addDays } from '#common/time.js';
import { CALENDAR_CACHE_MS, CALENDAR_WINDOW_DAYS } from '#common/weeklyTexts.js';
import { ApiError, apiRequest, del, get, post, put } from '../../api/client';
import { readEventStream } from '../../api/sse';

export const planKey = (week: string) => ['weekly', 'plan', week] as const;

export function useWeeklyPlan(week: string) {
  return useQuery({
    queryKey: planKey(week),
    queryFn: () => get<WeeklyPlan>(`/weekly/${week}`, { schema: weeklyPlan }),
    // The editor holds the user's edits; a background refetch must not replace them.
    refetchOnWindowFocus: false,
  });
}

export function useReflections(week: string) {
  return useQuery({
    queryKey: ['weekly', 'reflections', week],
    queryFn: () => get<WeeklyReflections>(`/weekly/${week}/reflections`, { schema: weeklyReflections }),
  });
}

export const savePlan = (week: string, body: SaveWeeklyPlanRequest) =>
  put<SaveWeeklyPlanResponse>(`/weekly/${week}`, body, { schema: saveWeeklyPlanResponse });

/** Downloads the saved plan as weekly-plan-{date}.md. */
export async function downloadExport(week: string): Promise<void> {
  const res = await apiRequest(`/weekly/${week}/export`, { headers: { Accept: 'text/markdown' } });
  if (!res.ok) throw new ApiError(res.status, undefined);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `weekly-plan-${week}.md`;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the object URL; it can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const fetchConversation = (week: string) =>
  get<WeeklyConversation>(`/weekly/${week}/conversation`, { schema: weeklyConversation });
export const saveConversation = (week: string, conversation: PlanningMessage[]) =>
  post<WeeklyConversation>(`/weekly/${week}/conversation`, { conversation }, { schema: weeklyConversation });
export const deleteConversation = (week: string) => del(`/weekly/${week}/conversation`);

export async function streamCoach(
  body: WeeklyCoachRequest,
  onEvent: (e: WeeklyCoachEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await apiRequest('/weekly/coach', {
    method: 'POST',
    body,
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  await readEventStream(res, weeklyCoachEvent, onEvent);
}

export type WeekCalendar = { connected: false } | { connected: true; events: CalendarEvent[] };

/**
 * The week's events, two weeks from its Monday, kept 15 minutes per week. A calendar that is not
 * connected (or a server without the calendar) is not an error: the panel offers to connect one.
 * `is-authenticated` is true while one connection works: an expired Google one beside it leaves
 * only its own events out.
 */
export function useWeekCalendar(week: string, enabled: boolean) {
  return useQuery({
    queryKey: ['weekly', 'calendar', week],
    enabled,
    staleTime: CALENDAR_CACHE_MS,
    gcTime: CALENDAR_CACHE_MS,
    retry: false,
    queryFn: async (): Promise<WeekCalendar> => {
      try {
        const auth = await get('/calendar/is-authenticated', { schema: isAuthenticatedResponse });
        if (!auth.isAuthenticated) return { connected: false };
        const events = await get('/calendar/events/range', {
          schema: calendarEventList,
          query: { startDate: week, endDate: addDays(week, CALENDAR_WINDOW_DAYS - 1), maxResults: 100 },
        });
        // Meetings only: Daymark's own entries (a workout, a journal day) are not commitments to plan around.
        return { connected: true, events: events.filter((e) => !e.declined && e.daymark === null) };
      } catch (err) {
        // No calendar (or none left working: its expiry is told by the panel from the connections).
        if (err instanceof ApiError && (err.status === 404 || err.status === 409 || err.calendarAuthExpired))
          return { connected: false };
        throw err;
      }
    },
  });
}
