import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { CALENDAR_TEXT, syncedTo } from '#common/api/calendar.js';
import type { PlanSummary, WorkoutLog } from '#common/api/workout.js';
import { WORKOUT_MESSAGES } from '#common/workoutConstants.js';
import { LOG_STATUS_LABEL } from '#common/workoutStatus.js';
import { useAppletState } from '../../app/appletState';
import { Button, ConfirmDialog, EmptyState, ErrorState, LoadingState, Spinner, Tabs, useToast } from '../../ui';
import { calendarApi, connectionState, isCalendarExpired, useConnections } from '../calendar/api';
import { ActivityList } from './ActivityList';
import { useActivities } from './activityApi';
import { api, useLogs, usePlan, usePlans, workoutKeys } from './api';
import { PlanDisplay } from './PlanDisplay';
import { formatDate } from './planParse';
import styles from './workout.module.css';

const STATUS_LABEL = { completed: 'Completed', partial: 'Partial', skipped: 'Skipped' } as const;

/** A log's tag: its status as the server derives it (the same on the dashboard and in the stats). */
const logTag = (log: WorkoutLog) => ({ label: LOG_STATUS_LABEL[log.status], kind: log.status });

function Expandable({
  title,
  meta,
  children,
  onDelete,
  extra,
}: {
  title: string;
  meta?: React.ReactNode;
  children: React.ReactNode;
  onDelete: () => void;
  /** More buttons beside Delete. */
  extra?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li className={styles.historyItem}>
      <div className={styles.historyHead}>
        <button type="button" className={styles.historyToggle} aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className={styles.chevron} data-open={open} aria-hidden="true">
            ›
          </span>
          <span className={styles.historyTitle}>{title}</span>
          {meta}
        </button>
        <div className={styles.historyActions}>
          {extra}
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${title}`}>
            Delete
          </Button>
        </div>
      </div>
      {open && <div className={styles.historyBody}>{children}</div>}
    </li>
  );
}

/** An opened plan of the list: the list holds its title only, the whole plan is read now. */
function PlanBody({ id }: { id: number }) {
  const plan = usePlan(id);
  if (plan.isPending) return <Spinner label="Loading plan…" />;
  if (plan.isError)
    return (
      <ErrorState message={WORKOUT_MESSAGES.fetchPlan} onRetry={() => plan.refetch()} retrying={plan.isFetching} />
    );
  return <PlanDisplay record={plan.data.plan} readOnly />;
}

/** 'Show more' under a list that has older items not read yet. */
function ShowMore({ list }: { list: { hasMore: boolean; loadingMore: boolean; showMore: () => void } }) {
  if (!list.hasMore) return null;
  return (
    <div className={styles.showMore}>
      <Button size="sm" variant="secondary" onClick={list.showMore} disabled={list.loadingMore}>
        {list.loadingMore ? 'Loading…' : 'Show more'}
      </Button>
    </div>
  );
}

/** 'Sync to Calendar' on a plan: writes it as an event (syncing again updates that event). */
function SyncButton({ plan }: { plan: PlanSummary }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const sync = async () => {
    setBusy(true);
    try {
      const synced = await calendarApi.syncWorkout(plan.id);
      toast.success(syncedTo(synced.calendar_name));
    } catch (error) {
      // The plan's calendar is the expired Google one: trying again would not help, reconnecting does.
      toast.error(isCalendarExpired(error) ? error.message : CALENDAR_TEXT.syncWorkoutFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="ghost" onClick={sync} loading={busy} aria-label={`Sync to Calendar: ${plan.title}`}>
      Sync to Calendar
    </Button>
  );
}

export function HistoryPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const plans = usePlans();
  const logs = useLogs();
  const activities = useActivities();
  // Offered only when a calendar that accepts events is connected (part 2 §6).
  const calendar = useConnections();
  const canSync = connectionState(calendar.data?.connections).writable;
  const [tab, setTab] = useAppletState('workout', 'historyTab', 'plans');
  const [confirm, setConfirm] = useState<{ kind: 'plan' | 'log'; id: number } | null>(null);

  if (plans.query.isPending || logs.query.isPending) return <LoadingState message="Loading history…" />;
  if (!plans.items || !logs.items) {
    return (
      <ErrorState
        message={WORKOUT_MESSAGES.fetchHistory}
        onRetry={() => {
          void plans.query.refetch();
          void logs.query.refetch();
        }}
      />
    );
  }

  const remove = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'plan') await api.deletePlan(confirm.id);
      else await api.deleteLog(confirm.id);
      await qc.invalidateQueries({ queryKey: workoutKeys.all });
    } catch {
      toast.error(confirm.kind === 'plan' ? WORKOUT_MESSAGES.deletePlan : WORKOUT_MESSAGES.deleteLog);
    }
  };

  const planList = plans.items;
  const logList = logs.items;
  return (
    <div className={styles.page}>
      <Tabs
        label="Workout history"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            id: 'plans',
            label: `Workout Plans (${plans.total})`,
            // Keyed, so that an opened log does not open the plan drawn in its place.
            panel: planList.length ? (
              <Fragment key="plans">
                <ul className={styles.historyList}>
                  {planList.map((p) => (
                    <Expandable
                      key={p.id}
                      title={p.title}
                      meta={
                        <>
                          <span className={styles.historyDate}>{formatDate(p.date)}</span>
                          {p.replaced && (
                            <span className={styles.tag} data-kind="replaced">
                              Earlier version
                            </span>
                          )}
                        </>
                      }
                      onDelete={() => setConfirm({ kind: 'plan', id: p.id })}
                      // The calendar holds the day's current plan: an earlier version is not synced over it.
                      extra={canSync && !p.replaced ? <SyncButton plan={p} /> : undefined}
                    >
                      <PlanBody id={p.id} />
                    </Expandable>
                  ))}
                </ul>
                <ShowMore list={plans} />
              </Fragment>
            ) : (
              <EmptyState title={WORKOUT_MESSAGES.noPlans} compact />
            ),
          },
          {
            id: 'logs',
            label: `Workout Logs (${logs.total})`,
            panel: logList.length ? (
              <Fragment key="logs">
                <ul className={styles.historyList}>
                  {logList.map((l) => {
                    const tag = logTag(l);
                    return (
                      <Expandable
                        key={l.id}
                        title={formatDate(l.date)}
                        meta={
                          <span className={styles.tag} data-kind={tag.kind}>
                            {tag.label}
                          </span>
                        }
                        onDelete={() => setConfirm({ kind: 'log', id: l.id })}
                      >
                        <p className={styles.logEntry}>{l.entry}</p>
                        {l.workout_completion && l.workout_completion.length > 0 && (
                          <ul className={styles.completionList}>
                            {l.workout_completion.map((c) => (
                              <li key={`${c.name}-${c.completed}-${c.notes ?? ''}`}>
                                <span className={styles.tag} data-kind={c.completed}>
                                  {STATUS_LABEL[c.completed]}
                                </span>
                                <span>{c.name}</span>
                                {c.notes && <span className={styles.muted}>— {c.notes}</span>}
                              </li>
                            ))}
                          </ul>
                        )}
                      </Expandable>
                    );
                  })}
                </ul>
                <ShowMore list={logs} />
              </Fragment>
            ) : (
              <EmptyState title={WORKOUT_MESSAGES.noLogs} compact />
            ),
          },
          {
            id: 'activities',
            // Read on their own: the plans and logs do not wait for them, nor fail with them.
            label: activities.items ? `Activities (${activities.total})` : 'Activities',
            panel: <ActivityList key="activities" list={activities} more={<ShowMore list={activities} />} />,
          },
        ]}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm?.kind === 'plan' ? 'Delete workout plan' : 'Delete workout log'}
        message={confirm?.kind === 'plan' ? WORKOUT_MESSAGES.confirmDeletePlan : WORKOUT_MESSAGES.confirmDeleteLog}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={remove}
      />
    </div>
  );
}
