import { errors, noContent } from '#common/api/common.js';
import {
  createJobRequest,
  cronExecution,
  cronExecutionsResponse,
  cronJob,
  cronJobsResponse,
  executionIdParams,
  executionsQuery,
  jobIdParams,
  jobsQuery,
  jobTypesResponse,
  jobUuidParams,
  updateJobRequest,
} from '#common/api/cron.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import { CronService } from './service.js';

const tags = ['cron'];
const EXECUTIONS_PAGING =
  'Paged: newest first (ties by id), limit (default 50, at most 500) from offset; a page shorter than limit is the last. For the next page a client may instead send the last row it has as a cursor, beforeStartedAt (its started_at) and beforeId (its id), together: as fast at any depth.';

export async function cronRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const cron = new CronService(ctx);

  r.get(
    '/api/cron/jobs',
    {
      schema: {
        operationId: 'cron.listJobs',
        tags,
        summary: "Jobs the user may manage: every system job for administrators, and the user's own briefings",
        description:
          'Paged: by name, limit (default 50, at most 200) from offset; a page shorter than limit is the last.',
        querystring: jobsQuery,
        response: { 200: cronJobsResponse, ...errors(400, 401) },
      },
    },
    async (request, reply) => sendJson(reply, await cron.listJson(userOf(request), request.query)),
  );

  r.get(
    '/api/cron/jobs/:id',
    {
      schema: {
        operationId: 'cron.getJob',
        tags,
        summary: 'One job by its uuid',
        params: jobIdParams,
        response: { 200: cronJob, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => cron.get(userOf(request), request.params.id),
  );

  r.post(
    '/api/cron/jobs',
    {
      schema: {
        operationId: 'cron.createJob',
        tags,
        summary: "Create a job; the schedule is read in the user's time zone, the config checked against the type",
        body: createJobRequest,
        response: { 201: cronJob, ...errors(400, 401, 403, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await cron.create(userOf(request), request.body)),
  );

  r.put(
    '/api/cron/jobs/:id',
    {
      schema: {
        operationId: 'cron.updateJob',
        tags,
        summary: 'Update a job with a partial or full body (the list toggle sends only enabled)',
        params: jobIdParams,
        body: updateJobRequest,
        response: { 200: cronJob, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => cron.update(userOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/cron/jobs/:id',
    {
      schema: {
        operationId: 'cron.deleteJob',
        tags,
        summary: 'Delete a job and its executions (a running execution is cancelled first)',
        params: jobIdParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await cron.remove(userOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/cron/jobs/:id/trigger',
    {
      schema: {
        operationId: 'cron.triggerJob',
        tags,
        summary: 'Run an enabled job now; answers with its execution as it stands (409 when it is already running)',
        params: jobIdParams,
        response: { 202: cronExecution, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => reply.code(202).send(await cron.trigger(userOf(request), request.params.id)),
  );

  r.get(
    '/api/cron/executions',
    {
      schema: {
        operationId: 'cron.listExecutions',
        tags,
        summary: 'The newest executions of the jobs the user may see, a page at a time',
        description: EXECUTIONS_PAGING,
        querystring: executionsQuery,
        response: { 200: cronExecutionsResponse, ...errors(400, 401) },
      },
    },
    async (request, reply) => sendJson(reply, await cron.executionsJson(userOf(request), request.query)),
  );

  r.get(
    '/api/cron/executions/:jobUuid',
    {
      schema: {
        operationId: 'cron.listJobExecutions',
        tags,
        summary: 'The newest executions of one job, a page at a time',
        description: EXECUTIONS_PAGING,
        params: jobUuidParams,
        querystring: executionsQuery,
        response: { 200: cronExecutionsResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await cron.executionsJson(userOf(request), request.query, request.params.jobUuid)),
  );

  r.post(
    '/api/cron/executions/:id/cancel',
    {
      schema: {
        operationId: 'cron.cancelExecution',
        tags,
        summary: 'Cancel a running execution, on whichever instance runs it (409 when it is not running)',
        params: executionIdParams,
        response: { 200: cronExecution, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => cron.cancel(userOf(request), request.params.id),
  );

  r.get(
    '/api/cron/job-types',
    {
      schema: {
        operationId: 'cron.listJobTypes',
        tags,
        summary: 'The job types the user may create, with their config schema and availability',
        response: { 200: jobTypesResponse, ...errors(401) },
      },
    },
    async (request) => cron.types(userOf(request)),
  );
}
