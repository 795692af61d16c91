import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { healthResponse } from '#common/api/auth.js';
import { llmHealthResponse } from '#common/api/health.js';
import { type SaveSettingsRequest, settingsResponse } from '#common/api/settings.js';
import {
  feedbackResponse,
  latestPlanResponse,
  logListResponse,
  logResponse,
  type ProgressItem,
  planListResponse,
  planResponse,
  progressResponse,
  type SaveLogRequest,
  type SubmitFeedbackRequest,
} from '#common/api/workout.js';
import { del, get, post, put } from '../../api/client';

export const workoutKeys = {
  all: ['workout'] as const,
  latest: ['workout', 'latest'] as const,
  plans: ['workout', 'plans'] as const,
  plan: (id: number) => ['workout', 'plan', id] as const,
  logs: ['workout', 'logs'] as const,
  logByDate: (date: string) => ['workout', 'logs', date] as const,
  progress: (uuid: string) => ['workout', 'progress', uuid] as const,
  feedback: (date: string) => ['workout', 'feedback', date] as const,
  settings: ['workout', 'settings'] as const,
};

export const useLatestPlan = () =>
  useQuery({ queryKey: workoutKeys.latest, queryFn: () => get('/workout/next', { schema: latestPlanResponse }) });
/** Plans and logs in the history are read this many at a time, newest first. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * One of the history's lists a page at a time: `items` holds the pages read so far, `total` how
 * many there are, `showMore` reads the next page. An item that moved to the next page while
 * paging (a plan deleted meanwhile) is listed once.
 */
export function usePagedList<T extends { id: number }>(
  key: readonly unknown[],
  read: (offset: number) => Promise<{ items: T[]; total: number }>,
) {
  const query = useInfiniteQuery({
    queryKey: [...key, 'pages'],
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === HISTORY_PAGE_SIZE && read < last.total ? read : undefined;
    },
  });
  const byId = new Map<number, T>();
  for (const page of query.data?.pages ?? [])
    for (const item of page.items) if (!byId.has(item.id)) byId.set(item.id, item);
  const items = query.data ? [...byId.values()] : undefined;
  return {
    query,
    items,
    total: query.data?.pages.at(-1)?.total ?? 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    showMore: () => void query.fetchNextPage(),
  };
}

export const usePlans = () =>
  usePagedList(workoutKeys.plans, async (offset) => {
    const page = await get('/workout', { schema: planListResponse, query: { limit: HISTORY_PAGE_SIZE, offset } });
    return { items: page.plans, total: page.total };
  });
export const useLogs = () =>
  usePagedList(workoutKeys.logs, async (offset) => {
    const page = await get('/workout-log', { schema: logListResponse, query: { limit: HISTORY_PAGE_SIZE, offset } });
    return { items: page.logs, total: page.total };
  });
/** One whole plan, read when the history opens it. */
export const usePlan = (id: number) =>
  useQuery({ queryKey: workoutKeys.plan(id), queryFn: () => get(`/workout/${id}`, { schema: planResponse }) });
export const useLogByDate = (date: string) =>
  useQuery({
    queryKey: workoutKeys.logByDate(date),
    queryFn: () => get('/workout-log', { schema: logListResponse, query: { date } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
export const useProgress = (uuid: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: workoutKeys.progress(uuid ?? ''),
    queryFn: () => get(`/exercise/progress/${encodeURIComponent(uuid ?? '')}`, { schema: progressResponse }),
    enabled: enabled && !!uuid,
  });
export const useFeedback = (date: string | undefined) =>
  useQuery({
    queryKey: workoutKeys.feedback(date ?? ''),
    queryFn: () => get(`/exercise/feedback/${date}`, { schema: feedbackResponse }),
    enabled: !!date,
  });
export const useSettings = () =>
  useQuery({ queryKey: workoutKeys.settings, queryFn: () => get('/settings', { schema: settingsResponse }) });

export const api = {
  deletePlan: (id: number) => del(`/workout/${id}`),
  deleteLog: (id: number) => del(`/workout-log/${id}`),
  saveLog: (body: SaveLogRequest) => post('/workout-log', body, { schema: logResponse }),
  saveProgress: (body: ProgressItem) => post('/exercise/progress', body),
  clearProgress: (uuid: string) => del(`/exercise/progress/${encodeURIComponent(uuid)}`),
  submitFeedback: (body: SubmitFeedbackRequest) => post('/exercise/feedback', body),
  saveSettings: (body: SaveSettingsRequest) => put('/settings', body, { schema: settingsResponse }),
  health: () => get('/health', { schema: healthResponse }),
  llmHealth: () => get('/health/llm', { schema: llmHealthResponse }),
};
