import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  CRON_JOBS_PAGE_DEFAULT,
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
} from '#common/api/cron.js';
import { EXECUTIONS_LIMIT } from '#common/cronSchedule.js';
import { del, get, post, put } from '../../api/client';

export const cronKeys = {
  jobs: ['cron', 'jobs'] as const,
  job: (uuid: string) => ['cron', 'jobs', uuid] as const,
  types: ['cron', 'job-types'] as const,
  executions: (jobUuid?: string) => ['cron', 'executions', jobUuid ?? 'all'] as const,
};

/** Pages read so far of a list paged by limit/offset; a page shorter than the limit is the last. */
export type Pages<T> = InfiniteData<T[], number>;

const nextOffset =
  (size: number) =>
  <T>(last: T[], pages: T[][]) =>
    last.length < size ? undefined : pages.reduce((n, p) => n + p.length, 0);

/** Maps every job read so far, e.g. to put the server's answer in place of a toggled job. */
export const mapJobPages = (pages: Pages<CronJob> | undefined, f: (jobs: CronJob[]) => CronJob[]) =>
  pages && { ...pages, pages: pages.pages.map(f) };

/** The jobs by name, a page at a time: `data.pages` holds the pages read, `fetchNextPage` reads on. */
export function useJobs() {
  return useInfiniteQuery({
    queryKey: cronKeys.jobs,
    queryFn: ({ pageParam }) =>
      get<CronJob[]>('/cron/jobs', {
        schema: cronJobsResponse,
        query: { limit: CRON_JOBS_PAGE_DEFAULT, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset(CRON_JOBS_PAGE_DEFAULT),
  });
}

export function useJob(uuid: string, enabled = true) {
  return useQuery({
    enabled,
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

/** Where the next page of executions starts: after the last run shown (a cursor), none for the first. */
type ExecutionCursor = { beforeStartedAt: string; beforeId: number } | null;

/**
 * Executions, newest first, a page at a time (each after the last run already shown); while any
 * read so far is running the pages refresh every two seconds.
 */
export function useExecutions(jobUuid?: string) {
  return useInfiniteQuery({
    queryKey: cronKeys.executions(jobUuid),
    queryFn: ({ pageParam }) =>
      get<CronExecution[]>(jobUuid ? `/cron/executions/${jobUuid}` : '/cron/executions', {
        schema: cronExecutionsResponse,
        query: { limit: EXECUTIONS_LIMIT, ...pageParam },
      }),
    initialPageParam: null as ExecutionCursor,
    getNextPageParam: (last): ExecutionCursor | undefined => {
      const end = last.at(-1);
      return last.length < EXECUTIONS_LIMIT || !end ? undefined : { beforeStartedAt: end.started_at, beforeId: end.id };
    },
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.some((e) => e.status === 'running')) ? 2000 : false),
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
