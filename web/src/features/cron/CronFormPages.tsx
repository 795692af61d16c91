import { useParams } from 'react-router';
import { CRON_TEXT } from '#common/cronSchedule.js';
import { ErrorState, LoadingState } from '../../ui';
import { useJob, useJobTypes } from './api';
import styles from './Cron.module.css';
import { CronJobForm } from './CronJobForm';
import { CronNav } from './CronNav';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <CronNav />
      </div>
      {children}
    </div>
  );
}

/** /dashboard/cron-new */
export function CronNewPage() {
  const types = useJobTypes();
  if (types.isPending)
    return (
      <Frame>
        <LoadingState message="Loading job types..." />
      </Frame>
    );
  if (types.isError)
    return (
      <Frame>
        <ErrorState message={CRON_TEXT.fetchTypesFailed} onRetry={() => types.refetch()} retrying={types.isFetching} />
      </Frame>
    );
  return (
    <Frame>
      <CronJobForm types={types.data} />
    </Frame>
  );
}

/** /dashboard/cron-edit/:jobUuid */
export function CronEditPage() {
  const { jobUuid = '' } = useParams();
  const job = useJob(jobUuid);
  const types = useJobTypes();
  if (job.isPending || types.isPending)
    return (
      <Frame>
        <LoadingState message="Loading job..." />
      </Frame>
    );
  if (job.isError)
    return (
      <Frame>
        <ErrorState message={CRON_TEXT.loadJobFailed} onRetry={() => job.refetch()} retrying={job.isFetching} />
      </Frame>
    );
  if (types.isError)
    return (
      <Frame>
        <ErrorState message={CRON_TEXT.fetchTypesFailed} onRetry={() => types.refetch()} retrying={types.isFetching} />
      </Frame>
    );
  return (
    <Frame>
      <CronJobForm key={job.data.job_uuid} types={types.data} job={job.data} />
    </Frame>
  );
}
