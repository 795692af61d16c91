import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { CronExecution } from '#common/api/cron.js';
import { CRON_TEXT, executionDuration, formatDuration } from '#common/cronSchedule.js';
import { Button, EmptyState, ErrorState, LoadingState, Pill, type PillTone, Select, Spinner, useToast } from '../../ui';
import { cancelExecution, useExecutions, useJob, useJobs } from './api';
import styles from './Cron.module.css';
import { CronNav } from './CronNav';
import { ClockIcon, JobTypeIcon } from './icons';

const STATUS_LABEL = { running: 'Running', success: 'Success', failure: 'Failure', cancelled: 'Cancelled' } as const;
const STATUS_TONE: Record<keyof typeof STATUS_LABEL, PillTone> = {
  running: 'accent',
  success: 'success',
  failure: 'danger',
  cancelled: 'neutral',
};

function ExecutionRow({ e }: { e: CronExecution }) {
  const qc = useQueryClient();
  const toast = useToast();
  const duration = executionDuration(e.started_at, e.completed_at);
  const hasDetails = Boolean(e.error || e.output);
  return (
    <li className={styles.execution} data-status={e.status} aria-label={`${e.job_name} ${STATUS_LABEL[e.status]}`}>
      <div className={styles.executionHead}>
        <span className={styles.jobIconSmall}>
          <JobTypeIcon type={e.job_type} width={18} height={18} />
        </span>
        <span className={styles.executionJob}>{e.job_name}</span>
        <Pill tone={STATUS_TONE[e.status]}>
          {e.status === 'running' && <Spinner size="sm" />}
          {STATUS_LABEL[e.status]}
        </Pill>
        <span className={styles.executionTime}>
          <time dateTime={e.started_at}>{new Date(e.started_at).toLocaleString()}</time>
          {e.trigger === 'manual' ? ' · run now' : ''}
        </span>
        <span className={styles.duration} title="Duration">
          {duration === null ? '…' : formatDuration(duration)}
        </span>
        {e.status === 'running' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={async () => {
              try {
                await cancelExecution(e.id);
                void qc.invalidateQueries({ queryKey: ['cron', 'executions'] });
              } catch {
                toast.error(CRON_TEXT.updateFailed);
              }
            }}
          >
            Cancel
          </Button>
        )}
      </div>
      {e.error && <p className={styles.executionError}>{e.error}</p>}
      {hasDetails && (
        <details className={styles.details}>
          <summary>Details</summary>
          {e.error && (
            <>
              <h4>Error</h4>
              <pre>{e.error}</pre>
            </>
          )}
          {e.output && (
            <>
              <h4>Output</h4>
              <pre>{e.output}</pre>
            </>
          )}
        </details>
      )}
    </li>
  );
}

/** /dashboard/cron-executions: the newest runs, all jobs or one (?job=uuid), refreshing while any runs. */
export function CronExecutionsPage() {
  const [params, setParams] = useSearchParams();
  const jobUuid = params.get('job') ?? undefined;
  const jobs = useJobs();
  const query = useExecutions(jobUuid);
  // The filter offers the jobs read so far (the first page by name), and always the chosen one.
  const jobOptions = (jobs.data?.pages.flat() ?? []).map((j) => ({ value: j.job_uuid, label: j.name }));
  const chosenMissing = Boolean(jobUuid) && jobs.isSuccess && !jobOptions.some((o) => o.value === jobUuid);
  const chosen = useJob(jobUuid ?? '', chosenMissing);
  if (jobUuid && chosenMissing && chosen.data) jobOptions.push({ value: jobUuid, label: chosen.data.name });

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState message="Loading executions..." />;
  else if (query.isError)
    body = (
      <ErrorState
        message={CRON_TEXT.loadExecutionsFailed}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.pages[0]?.length === 0 && !query.hasNextPage)
    body = <EmptyState icon={<ClockIcon />} title="No executions yet" message="Runs appear here as jobs start." />;
  else
    body = (
      <>
        <ul className={styles.executions}>
          {query.data.pages.flat().map((e) => (
            <ExecutionRow key={e.id} e={e} />
          ))}
        </ul>
        {query.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Show older runs
            </Button>
          </div>
        )}
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <CronNav />
        <Select
          label="Job"
          className={styles.filter}
          value={jobUuid ?? ''}
          onChange={(ev) => setParams(ev.target.value ? { job: ev.target.value } : {})}
          options={[{ value: '', label: 'All jobs' }, ...jobOptions]}
        />
      </div>
      {body}
    </div>
  );
}
