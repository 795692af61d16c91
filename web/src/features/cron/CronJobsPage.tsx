import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CronJob } from '#common/api/cron.js';
import { CRON_TEXT } from '#common/cronSchedule.js';
import { Button, ConfirmDialog, EmptyState, ErrorState, LinkButton, LoadingState, useToast } from '../../ui';
import { PlusIcon } from '../../ui/icons';
import { cronKeys, deleteJob, mapJobPages, type Pages, triggerJob, updateJob, useJobs } from './api';
import styles from './Cron.module.css';
import { CronNav } from './CronNav';
import { formatWhen, scheduleLabel } from './format';
import { ClockIcon, EditIcon, JobTypeIcon, PlayIcon, TrashIcon } from './icons';

function JobRow({ job, onDelete }: { job: CronJob; onDelete: (job: CronJob) => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<'toggle' | 'run' | null>(null);

  // The toggle applies at once (§4); the list shows the server's answer.
  const toggle = async () => {
    setBusy('toggle');
    try {
      const saved = await updateJob(job.job_uuid, { enabled: !job.enabled });
      qc.setQueryData<Pages<CronJob>>(cronKeys.jobs, (pages) =>
        mapJobPages(pages, (list) => list.map((j) => (j.job_uuid === saved.job_uuid ? saved : j))),
      );
    } catch {
      toast.error(CRON_TEXT.updateFailed);
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    setBusy('run');
    try {
      await triggerJob(job.job_uuid);
      toast.success(CRON_TEXT.triggered);
      void qc.invalidateQueries({ queryKey: ['cron'] });
    } catch {
      toast.error(CRON_TEXT.triggerFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className={styles.job} aria-label={job.name}>
      <span className={styles.jobIcon}>
        <JobTypeIcon type={job.job_type} />
      </span>
      <div className={styles.jobMain}>
        <h3 className={styles.jobName}>{job.name}</h3>
        {job.description && <p className={styles.jobDescription}>{job.description}</p>}
        <p className={styles.jobMeta}>
          <span>
            <ClockIcon width={14} height={14} /> {scheduleLabel(job.schedule)}
          </span>
          <span>
            Next run: {job.enabled && job.next_run ? formatWhen(job.next_run, job.timezone) : 'not scheduled'}
          </span>
          <span>Last run: {job.last_run ? formatWhen(job.last_run, job.timezone) : 'never'}</span>
        </p>
      </div>
      <div className={styles.jobActions}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={job.enabled}
            checked={job.enabled}
            disabled={busy === 'toggle'}
            onChange={() => void toggle()}
            aria-label={`Enabled: ${job.name}`}
          />
          <span className={styles.switchTrack} aria-hidden="true" />
          <span className={styles.switchText}>{job.enabled ? 'Enabled' : 'Disabled'}</span>
        </label>
        {job.enabled && (
          <Button
            size="sm"
            variant="primary"
            icon={<PlayIcon width={16} height={16} />}
            loading={busy === 'run'}
            onClick={() => void run()}
          >
            Run Now
          </Button>
        )}
        <LinkButton size="sm" to={`/dashboard/cron-edit/${job.job_uuid}`} icon={<EditIcon width={16} height={16} />}>
          Edit
        </LinkButton>
        <Button
          size="sm"
          variant="ghost"
          icon={<TrashIcon width={16} height={16} />}
          onClick={() => onDelete(job)}
          aria-label={`Delete ${job.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /dashboard/cron-jobs: the scheduled jobs by name, a page at a time ('Show more' reads the next). */
export function CronJobsPage() {
  const query = useJobs();
  const qc = useQueryClient();
  const toast = useToast();
  const [deleting, setDeleting] = useState<CronJob | null>(null);

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState message="Loading cron jobs..." />;
  else if (query.isError)
    body = (
      <ErrorState message={CRON_TEXT.loadJobsFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  else if (query.data.pages[0]?.length === 0 && !query.hasNextPage)
    body = (
      <EmptyState
        icon={<ClockIcon />}
        title="No scheduled jobs yet"
        message="Create a job to run backups, cleanups, health checks or your morning briefing on a schedule."
        action={
          <LinkButton to="/dashboard/cron-new" variant="primary" icon={<PlusIcon width={16} height={16} />}>
            New Job
          </LinkButton>
        }
      />
    );
  else
    body = (
      <>
        <ul className={styles.jobs}>
          {query.data.pages.flat().map((job) => (
            <JobRow key={job.job_uuid} job={job} onDelete={setDeleting} />
          ))}
        </ul>
        {query.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Show more
            </Button>
          </div>
        )}
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <CronNav />
        <LinkButton to="/dashboard/cron-new" variant="primary" icon={<PlusIcon width={16} height={16} />}>
          New Job
        </LinkButton>
      </div>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete job?'}
        message={CRON_TEXT.deleteConfirm}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteJob(deleting.job_uuid);
            qc.setQueryData<Pages<CronJob>>(cronKeys.jobs, (pages) =>
              mapJobPages(pages, (list) => list.filter((j) => j.job_uuid !== deleting.job_uuid)),
            );
            void qc.invalidateQueries({ queryKey: ['cron', 'executions'] });
          } catch {
            toast.error(CRON_TEXT.deleteFailed);
          }
        }}
      />
    </div>
  );
}
