import { CompiledQuery, type InferResult, sql } from 'kysely';
import { SYSTEM_JOB_TYPES } from '#common/api/cron.js';
import type { Db } from '../../db/index.js';
import { jsonBoolean, pageAsJson, pageColumn } from '../../db/jsonRows.js';
import { prepared } from '../../db/prepared.js';

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/** Jobs a user may see: their own per-user jobs, and every system job for administrators. */
function visibleJobs(db: Db, viewer: Viewer) {
  return db
    .selectFrom('cron_jobs')
    .selectAll('cron_jobs')
    .where((eb) =>
      viewer.isAdmin
        ? eb.or([eb('cron_jobs.job_type', 'in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)])
        : eb.and([eb('cron_jobs.job_type', 'not in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)]),
    );
}

export interface Page {
  limit: number;
  offset: number;
}

/** The run a page of executions continues after: rows strictly older in (started_at, id). */
export interface ExecutionCursor {
  startedAt: string;
  id: number;
}

/** A page of the visible jobs by name; the id breaks ties so that pages never overlap. */
export function listJobs(db: Db, viewer: Viewer, page: Page) {
  return jobsPage(db, viewer, page).execute();
}

const jobsPage = (db: Db, viewer: Viewer, page: Page) =>
  visibleJobs(db, viewer).orderBy('cron_jobs.name').orderBy('cron_jobs.id').limit(page.limit).offset(page.offset);

/** A job's properties in the answer's order (`cronJob`), as `presentJob` writes them. */
const jobFields = [
  'job_uuid',
  'name',
  'description',
  'schedule',
  'timezone',
  'job_type',
  ['job_config', sql`json(${pageColumn('job_config')})`],
  ['enabled', jsonBoolean('enabled')],
  'last_run',
  'next_run',
  'created_at',
  'updated_at',
] as const;

type JobsPageParams = { userId: number; limit: number; offset: number };

/** The page as JSON for one kind of viewer, compiled once (db/prepared.ts): the condition differs for administrators. */
const jobsJsonQuery = (isAdmin: boolean) =>
  prepared<JobsPageParams, { json: string }>((db, p) =>
    pageAsJson(jobsPage(db, { id: p.userId, isAdmin }, p), jobFields),
  );
const jobsJsonQueries = { admin: jobsJsonQuery(true), user: jobsJsonQuery(false) };

/** The same page as the answer's JSON text, written by SQLite itself (`db/jsonRows.ts`; SQLite only). */
export async function listJobsJson(db: Db, viewer: Viewer, page: Page): Promise<string> {
  const query = viewer.isAdmin ? jobsJsonQueries.admin : jobsJsonQueries.user;
  const rows = await query.execute(db, { userId: viewer.id, limit: page.limit, offset: page.offset });
  return rows[0]?.json ?? '[]';
}

/** Any job by uuid; the service decides whether the viewer may reach it. */
export function findJob(db: Db, uuid: string) {
  return db.selectFrom('cron_jobs').selectAll().where('job_uuid', '=', uuid).executeTakeFirst();
}

export async function insertJob(
  db: Db,
  j: {
    job_uuid: string;
    user_id: number;
    name: string;
    description: string;
    schedule: string;
    timezone: string;
    job_type: string;
    job_config: string;
    enabled: number;
    next_run: string | null;
    now: string;
  },
) {
  const { now, ...values } = j;
  return db
    .insertInto('cron_jobs')
    .values({ ...values, last_run: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateJob(
  db: Db,
  id: number,
  set: Partial<{
    name: string;
    description: string;
    schedule: string;
    job_type: string;
    job_config: string;
    enabled: number;
    next_run: string | null;
    updated_at: string;
  }>,
) {
  return db.updateTable('cron_jobs').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteJob(db: Db, id: number) {
  await db.deleteFrom('cron_jobs').where('id', '=', id).execute();
}

const executionColumns = [
  'cron_executions.id',
  'cron_jobs.job_uuid',
  'cron_jobs.name as job_name',
  'cron_jobs.job_type',
  'cron_executions.status',
  'cron_executions.trigger',
  'cron_executions.started_at',
  'cron_executions.completed_at',
  'cron_executions.error',
  'cron_executions.output',
] as const;

function executionsQuery(
  db: Db,
  viewer: Viewer,
  page: Page,
  jobId: number | undefined,
  before: ExecutionCursor | undefined,
) {
  let q = db
    .selectFrom('cron_executions')
    .innerJoin('cron_jobs', 'cron_jobs.id', 'cron_executions.job_id')
    .select(executionColumns)
    .where((eb) =>
      viewer.isAdmin
        ? eb.or([eb('cron_jobs.job_type', 'in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)])
        : eb.and([eb('cron_jobs.job_type', 'not in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)]),
    );
  if (jobId !== undefined) q = q.where('cron_executions.job_id', '=', jobId);
  // A row-value comparison, so that both databases read it as one range of the (started_at, id) order.
  if (before)
    q = q.where((eb) =>
      eb(eb.refTuple('cron_executions.started_at', 'cron_executions.id'), '<', eb.tuple(before.startedAt, before.id)),
    );
  return q
    .orderBy('cron_executions.started_at', 'desc')
    .orderBy('cron_executions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

type ExecutionRow = InferResult<ReturnType<typeof executionsQuery>>[number];

/**
 * Placeholder values of the request's parameters: the statement of each shape of the query is
 * compiled once with these, and each one's place in the compiled parameters is where the
 * request's value goes (Kysely lists parameters in the order they appear in the SQL).
 */
const SLOT = { viewer: -1_000_001, job: -1_000_002, limit: -1_000_003, offset: -1_000_004, cursorId: -1_000_005 };
const SLOT_STARTED_AT = '\u0000cursor';
type Slot = keyof typeof SLOT | 'startedAt';

const compiledExecutions = new WeakMap<Db, Map<string, { sql: string; params: Array<Slot | { value: unknown }> }>>();

/** An execution's properties in the answer's order (`cronExecution`), as the rows name them. */
const executionFields = [
  'id',
  'job_uuid',
  'job_name',
  'job_type',
  'status',
  'trigger',
  'started_at',
  'completed_at',
  'error',
  'output',
];

function compiledExecutionsQuery(db: Db, viewer: Viewer, withJob: boolean, withCursor: boolean, asJson = false) {
  let forDb = compiledExecutions.get(db);
  if (!forDb) {
    forDb = new Map();
    compiledExecutions.set(db, forDb);
  }
  const shape = `${viewer.isAdmin}:${withJob}:${withCursor}:${asJson}`;
  let statement = forDb.get(shape);
  if (!statement) {
    const query = executionsQuery(
      db,
      { id: SLOT.viewer, isAdmin: viewer.isAdmin },
      { limit: SLOT.limit, offset: SLOT.offset },
      withJob ? SLOT.job : undefined,
      withCursor ? { startedAt: SLOT_STARTED_AT, id: SLOT.cursorId } : undefined,
    );
    const compiled = asJson ? pageAsJson(query, executionFields).compile(db) : query.compile();
    const slotOf = (v: unknown): Slot | undefined =>
      v === SLOT_STARTED_AT ? 'startedAt' : (Object.keys(SLOT) as Array<keyof typeof SLOT>).find((k) => SLOT[k] === v);
    statement = { sql: compiled.sql, params: compiled.parameters.map((v) => slotOf(v) ?? { value: v }) };
    forDb.set(shape, statement);
  }
  return statement;
}

/**
 * A page of the newest executions of the jobs the viewer may see, or of one job; the id breaks
 * ties of the start time so that pages never overlap. The history screen's hot read: building
 * and compiling this query took about as long as running it, so each of its shapes is compiled
 * once and run with the request's values.
 */
export async function listExecutions(
  db: Db,
  viewer: Viewer,
  page: Page,
  jobId?: number,
  before?: ExecutionCursor,
): Promise<ExecutionRow[]> {
  return runExecutionsQuery<ExecutionRow>(db, viewer, page, jobId, before, false);
}

/**
 * The same page as the answer's JSON text, written by SQLite itself (`db/jsonRows.ts`; SQLite
 * only): a page of 200 runs, each with up to 64 KB of output, is a long list to make into
 * objects and write out again.
 */
export async function listExecutionsJson(
  db: Db,
  viewer: Viewer,
  page: Page,
  jobId?: number,
  before?: ExecutionCursor,
): Promise<string> {
  const rows = await runExecutionsQuery<{ json: string }>(db, viewer, page, jobId, before, true);
  return rows[0]?.json ?? '[]';
}

async function runExecutionsQuery<R>(
  db: Db,
  viewer: Viewer,
  page: Page,
  jobId: number | undefined,
  before: ExecutionCursor | undefined,
  asJson: boolean,
): Promise<R[]> {
  const statement = compiledExecutionsQuery(db, viewer, jobId !== undefined, before !== undefined, asJson);
  const values: Record<Slot, unknown> = {
    viewer: viewer.id,
    job: jobId,
    limit: page.limit,
    offset: page.offset,
    cursorId: before?.id,
    startedAt: before?.startedAt,
  };
  const params = statement.params.map((p) => (typeof p === 'string' ? values[p] : p.value));
  return (await db.executeQuery<R>(CompiledQuery.raw(statement.sql, params))).rows;
}

export function findExecution(db: Db, id: number) {
  return db
    .selectFrom('cron_executions')
    .innerJoin('cron_jobs', 'cron_jobs.id', 'cron_executions.job_id')
    .select([...executionColumns, 'cron_jobs.user_id'])
    .where('cron_executions.id', '=', id)
    .executeTakeFirst();
}
