import { useQuery } from '@tanstack/react-query';
import { healthResponse } from '../../../../common/src/api/auth';
import { llmHealthResponse } from '../../../../common/src/api/health';
import { type SaveSettingsRequest, settingsResponse } from '../../../../common/src/api/settings';
import {
  feedbackResponse,
  latestPlanResponse,
  logListResponse,
  type ProgressItem,
  planListResponse,
  progressResponse,
  type SaveLogRequest,
  type SubmitFeedbackRequest,
} from '../../../../common/src/api/workout';
import { del, get, post, put } from '../../api/client';

export const workoutKeys = {
  all: ['workout'] as const,
  latest: ['workout', 'latest'] as const,
  plans: ['workout', 'plans'] as const,
  logs: ['workout', 'logs'] as const,
  logByDate: (date: string) => ['workout', 'logs', date] as const,
  progress: (uuid: string) => ['workout', 'progress', uuid] as const,
  feedback: (date: string) => ['workout', 'feedback', date] as const,
  settings: ['workout', 'settings'] as const,
};

export const useLatestPlan = () =>
  useQuery({ queryKey: workoutKeys.latest, queryFn: () => get('/workout/next', { schema: latestPlanResponse }) });
export const usePlans = () =>
  useQuery({
    queryKey: workoutKeys.plans,
    queryFn: () => get('/workout', { schema: planListResponse, query: { limit: 365 } }),
  });
export const useLogs = () =>
  useQuery({
    queryKey: workoutKeys.logs,
    queryFn: () => get('/workout-log', { schema: logListResponse, query: { limit: 365 } }),
  });
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
  saveLog: (body: SaveLogRequest) => post('/workout-log', body),
  saveProgress: (body: ProgressItem) => post('/exercise/progress', body),
  clearProgress: (uuid: string) => del(`/exercise/progress/${encodeURIComponent(uuid)}`),
  submitFeedback: (body: SubmitFeedbackRequest) => post('/exercise/feedback', body),
  saveSettings: (body: SaveSettingsRequest) => put('/settings', body, { schema: settingsResponse }),
  health: () => get('/health', { schema: healthResponse }),
  llmHealth: () => get('/health/llm', { schema: llmHealthResponse }),
};
