import { useQuery } from '@tanstack/react-query';
import {
  type CreateJobRequest,
  type CronExecution,
  type CronJob,
  cronExecution,
  cronExecutionsResponse,
  cronJob,
  cronJobsResponse,
  type JobTypeDescriptor,
  jobTypesResponse,
  type UpdateJobRequest,
} from '../../../../common/src/api/cron';
import { EXECUTIONS_LIMIT } from '../../../../common/src/cronSchedule';
import { del, get, post, put } from '../../api/client';

export const cronKeys = {
  jobs: ['cron', 'jobs'] as const,
  job: (uuid: string) => ['cron', 'jobs', uuid] as const,
  types: ['cron', 'job-types'] as const,
  executions: (jobUuid?: string) => ['cron', 'executions', jobUuid ?? 'all'] as const,
};

export function useJobs() {
  return useQuery({
    queryKey: cronKeys.jobs,
    queryFn: () => get<CronJob[]>('/cron/jobs', { schema: cronJobsResponse }),
  });
}

export function useJob(uuid: string) {
  return useQuery({
    queryKey: cronKeys.job(uuid),
    queryFn: () => get<CronJob>(`/cron/jobs/${uuid}`, { schema: cronJob }),
  });
}

export function useJobTypes() {
  return useQuery({
    queryKey: cronKeys.types,
    queryFn: () => get<JobTypeDescriptor[]>('/cron/job-types', { schema: jobTypesResponse }),
    staleTime: 5 * 60_000,
  });
}

/** Executions, newest first; while any is running the list refreshes every two seconds. */
export function useExecutions(jobUuid?: string) {
  return useQuery({
    queryKey: cronKeys.executions(jobUuid),
    queryFn: () =>
      get<CronExecution[]>(jobUuid ? `/cron/executions/${jobUuid}` : '/cron/executions', {
        schema: cronExecutionsResponse,
        query: { limit: EXECUTIONS_LIMIT },
      }),
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'running') ? 2000 : false),
  });
}

export const createJob = (body: CreateJobRequest) => post<CronJob>('/cron/jobs', body, { schema: cronJob });
export const updateJob = (uuid: string, body: UpdateJobRequest) =>
  put<CronJob>(`/cron/jobs/${uuid}`, body, { schema: cronJob });
export const deleteJob = (uuid: string) => del(`/cron/jobs/${uuid}`);
export const triggerJob = (uuid: string) =>
  post<CronExecution>(`/cron/jobs/${uuid}/trigger`, undefined, { schema: cronExecution });
export const cancelExecution = (id: number) =>
  post<CronExecution>(`/cron/executions/${id}/cancel`, undefined, { schema: cronExecution });
