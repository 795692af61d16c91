import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ACTIVITY_TEXTS, type ActivityDetail, SPORT_LABELS } from '#common/api/activities.js';
import { ApiError, messageOf } from '../../api/client';
import { useAppletState } from '../../app/appletState';
import { useTimeZone } from '../../app/time/useToday';
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, Pill, useToast } from '../../ui';
import { ActivityFigures } from './ActivityFigures';
import styles from './activities.module.css';
import { activityKeys, deleteActivity, downloadOriginal, useActivity } from './activityApi';
import { activityTitle, bpm, duration, shortDistance, speed, speedKind, startTime } from './activityFormat';
import { RouteMap } from './RouteMap';

/** /workout/activities/:id: one imported activity with its laps and route. */
export function ActivityPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const activity = useActivity(id);
  const [, setHistoryTab] = useAppletState('workout', 'historyTab', 'plans');
  const back = (
    <Link to="/workout/history" className={styles.back} onClick={() => setHistoryTab('activities')}>
      ← All activities
    </Link>
  );

  if (!Number.isInteger(id) || id <= 0 || (activity.error instanceof ApiError && activity.error.status === 404))
    return (
      <div className={styles.page}>
        {back}
        <Card>
          <EmptyState title="This activity is not here" message="It may have been deleted." />
        </Card>
      </div>
    );
  if (activity.isPending) return <LoadingState message="Loading activity…" />;
  if (activity.isError)
    return (
      <div className={styles.page}>
        {back}
        <Card>
          <ErrorState
            message="Failed to load the activity. Please try again."
            onRetry={() => activity.refetch()}
            retrying={activity.isFetching}
          />
        </Card>
      </div>
    );
  return (
    <div className={styles.page}>
      {back}
      <ActivityView activity={activity.data.activity} />
    </div>
  );
}

function ActivityView({ activity: a }: { activity: ActivityDetail }) {
  const zone = useTimeZone();
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const title = activityTitle(a);

  const remove = async () => {
    await deleteActivity(a.id);
    qc.removeQueries({ queryKey: activityKeys.one(a.id) });
    void qc.invalidateQueries({ queryKey: ['workout'] });
    void qc.invalidateQueries({ queryKey: ['stats'] });
    void qc.invalidateQueries({ queryKey: ['dashboard'] });
    toast.success('Activity deleted.');
    navigate('/workout/history');
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadOriginal(a.id, a.file_name);
    } catch (error) {
      toast.error(messageOf(error, 'Could not download the original file.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Card
        title={title}
        description={
          <>
            <Pill tone="accent">{SPORT_LABELS[a.sport]}</Pill> {startTime(a.start_at, zone)}
          </>
        }
      >
        <ActivityFigures activity={a} detailed />
        <p className={styles.source}>
          From {a.file_name} ({a.format.toUpperCase()}){a.log_id !== null && " · in that day's workout log"}
        </p>
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" onClick={download} loading={downloading}>
            Download original file
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </Card>

      {a.route.length > 1 && (
        <Card title={ACTIVITY_TEXTS.routeLabel} titleAs="h3">
          <RouteMap
            route={a.route}
            label={`Route of ${title}${a.distance_m ? `, ${shortDistance(a.distance_m)}` : ''}: the green dot is the start, the dark one the finish`}
          />
        </Card>
      )}

      {a.laps.length > 0 && (
        <Card title={ACTIVITY_TEXTS.lapsLabel} titleAs="h3">
          <LapTable activity={a} />
        </Card>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete activity"
        message={ACTIVITY_TEXTS.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={remove}
      />
    </>
  );
}

function LapTable({ activity: a }: { activity: ActivityDetail }) {
  const kind = speedKind(a.sport);
  const has = {
    distance: a.laps.some((l) => l.distance_m !== null),
    speed: a.laps.some((l) => l.avg_speed_mps !== null),
    avgHr: a.laps.some((l) => l.avg_hr !== null),
    maxHr: a.laps.some((l) => l.max_hr !== null),
  };
  const dash = '–';
  return (
    // A wide table scrolls in its own box on a narrow screen; the box takes focus to scroll by keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.tableBox} tabIndex={0} aria-label={`${ACTIVITY_TEXTS.lapsLabel} (scrolls)`}>
      <table className={styles.table}>
        <caption className="visually-hidden">
          {ACTIVITY_TEXTS.lapsLabel} of {activityTitle(a)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Lap</th>
            <th scope="col">Time</th>
            {has.distance && <th scope="col">Distance</th>}
            {has.speed && <th scope="col">{kind === 'speed' ? 'Speed' : 'Pace'}</th>}
            {has.avgHr && <th scope="col">Avg HR</th>}
            {has.maxHr && <th scope="col">Max HR</th>}
          </tr>
        </thead>
        <tbody>
          {a.laps.map((l) => (
            <tr key={l.index}>
              <th scope="row">{l.index}</th>
              <td>{l.moving_s !== null || l.elapsed_s !== null ? duration(l.moving_s ?? l.elapsed_s ?? 0) : dash}</td>
              {has.distance && <td>{l.distance_m !== null ? shortDistance(l.distance_m) : dash}</td>}
              {has.speed && <td>{speed(a.sport, l.avg_speed_mps) ?? dash}</td>}
              {has.avgHr && <td>{l.avg_hr !== null ? bpm(l.avg_hr) : dash}</td>}
              {has.maxHr && <td>{l.max_hr !== null ? bpm(l.max_hr) : dash}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
