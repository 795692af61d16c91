import type { DashboardOverview } from '#common/api/dashboard.js';
import { OVERVIEW_TEXT } from '#common/api/dashboardText.js';
import { dayStatusText } from '#common/workoutStatus.js';
import { Card, ErrorState, LinkButton, LoadingState } from '../../ui';
import { TodaySession } from '../training/TodaySession';
import { useOverview } from './api';
import styles from './Overview.module.css';
import { RemindersNotice } from './RemindersNotice';
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
  const { personalGoal, workout, workoutStatus, week, calendar, timeZone, today } = overview.data;
  const goals = personalGoal?.split('\n').filter(Boolean) ?? [];
  return (
    <div className={styles.grid}>
      <RemindersNotice />
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
        <WorkoutStatusCard workout={workout} status={workoutStatus} today={today} />
      </Card>

      <WeekGrid week={week} />
      <TodayCalendarCard calendar={calendar} zone={timeZone} today={today} />
    </div>
  );
}

/**
 * Today's workout: the day's one status (as History and Stats count it), today's training
 * session when the week has one, and where to go next.
 */
function WorkoutStatusCard({
  workout,
  status,
  today,
}: {
  workout: DashboardOverview['workout'];
  status: DashboardOverview['workoutStatus'];
  today: string;
}) {
  const plan = workout ? { exercises: status.exercises, marked: status.marked } : null;
  const link: Record<DashboardOverview['workoutStatus']['status'], { to: string; label: string; primary: boolean }> = {
    rest: { to: '/workout', label: OVERVIEW_TEXT.generateWorkout, primary: false },
    planned: { to: '/workout', label: OVERVIEW_TEXT.startNow, primary: true },
    in_progress: { to: '/workout', label: 'Continue', primary: true },
    completed: { to: '/workout/history', label: 'View History', primary: false },
    skipped: { to: '/workout/log', label: 'View Log', primary: false },
    logged: { to: '/workout/log', label: 'Update Log', primary: false },
  };
  const next = link[status.status];
  return (
    <div className={styles.workout} data-status={status.status}>
      <p className={styles.workoutStatus}>{dayStatusText(status.status, plan)}</p>
      {workout && <p className={styles.muted}>{workout.title}</p>}
      <TodaySession today={today} className={styles.session} />
      <LinkButton to={next.to} variant={next.primary ? 'primary' : 'secondary'}>
        {next.label}
      </LinkButton>
    </div>
  );
}
