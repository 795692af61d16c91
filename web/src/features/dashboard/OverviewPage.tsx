import { OVERVIEW_TEXT } from '../../../../common/src/api/dashboardText';
import { Card, ErrorState, LinkButton, LoadingState } from '../../ui';
import { useOverview } from './api';
import styles from './Overview.module.css';
import { TodayCalendarCard } from './TodayCalendarCard';
import { WeekGrid } from './WeekGrid';

/** /dashboard: the day at a glance, from one request. */
export function OverviewPage() {
  const overview = useOverview();
  if (overview.isPending) return <LoadingState message="Loading your day…" />;
  if (overview.isError) {
    return (
      <Card>
        <ErrorState
          message={OVERVIEW_TEXT.fetchFailed}
          onRetry={() => overview.refetch()}
          retrying={overview.isFetching}
        />
      </Card>
    );
  }
  const { personalGoal, workout, week, calendar, timeZone, today } = overview.data;
  const goals = personalGoal?.split('\n').filter(Boolean) ?? [];
  return (
    <div className={styles.grid}>
      <Card
        title={OVERVIEW_TEXT.goalTitle}
        className={styles.goalCard}
        footer={
          <LinkButton to="/journal/morning" state={{ from: '/dashboard' }} size="sm" variant="secondary">
            {OVERVIEW_TEXT.viewJournal}
          </LinkButton>
        }
      >
        {goals.length === 0 ? (
          <p className={styles.muted}>{OVERVIEW_TEXT.noGoal}</p>
        ) : goals.length === 1 ? (
          <p className={styles.goal}>{goals[0]}</p>
        ) : (
          <ul className={styles.goalList}>
            {goals.map((g, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: goals are plain lines that may repeat
              <li key={i}>{g}</li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={OVERVIEW_TEXT.workoutTitle} className={styles.workoutCard}>
        {workout ? (
          <div className={styles.workout}>
            <p className={styles.workoutStatus}>{OVERVIEW_TEXT.workoutReady}</p>
            <p className={styles.muted}>{workout.title}</p>
            <LinkButton to="/workout" variant="primary">
              {OVERVIEW_TEXT.startNow}
            </LinkButton>
          </div>
        ) : (
          <div className={styles.workout}>
            <p className={styles.workoutStatus}>{OVERVIEW_TEXT.noWorkout}</p>
            <LinkButton to="/workout" variant="secondary">
              {OVERVIEW_TEXT.generateWorkout}
            </LinkButton>
          </div>
        )}
      </Card>

      <WeekGrid week={week} />
      <TodayCalendarCard calendar={calendar} zone={timeZone} today={today} />
    </div>
  );
}
