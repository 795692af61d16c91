import { Link } from 'react-router';
import { ACTIVITY_TEXTS, SPORT_LABELS } from '#common/api/activities.js';
import { useTimeZone } from '../../app/time/useToday';
import { EmptyState, ErrorState, Pill, Spinner } from '../../ui';
import { ActivityFigures } from './ActivityFigures';
import styles from './activities.module.css';
import type { useActivities } from './activityApi';
import { activityTitle, startTime } from './activityFormat';

/** The history's imported activities: each with its figures, its title opening the detail view. */
export function ActivityList({ list, more }: { list: ReturnType<typeof useActivities>; more: React.ReactNode }) {
  const zone = useTimeZone();
  if (list.query.isPending) return <Spinner label="Loading activities…" />;
  if (!list.items)
    return (
      <ErrorState
        message="Failed to load your imported activities. Please try again."
        onRetry={() => list.query.refetch()}
        retrying={list.query.isFetching}
      />
    );
  const items = list.items;
  if (items.length === 0)
    return (
      <EmptyState
        title={ACTIVITY_TEXTS.noneYet}
        message={
          <>
            Bring them in from your watch, bike computer or Strava export on{' '}
            <Link to="/workout/import">{ACTIVITY_TEXTS.importTitle}</Link>.
          </>
        }
        compact
      />
    );
  return (
    <>
      <ul className={styles.list}>
        {items.map((a) => (
          <li key={a.id} className={styles.item}>
            <div className={styles.itemHead}>
              <Pill tone="accent">{SPORT_LABELS[a.sport]}</Pill>
              <Link to={`/workout/activities/${a.id}`} className={styles.itemTitle}>
                {activityTitle(a)}
              </Link>
              <span className={styles.itemDate}>{startTime(a.start_at, zone)}</span>
            </div>
            <ActivityFigures activity={a} />
          </li>
        ))}
      </ul>
      {more}
    </>
  );
}
