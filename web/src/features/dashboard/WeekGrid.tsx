import type { WeekDay } from '#common/api/dashboard.js';
import { OVERVIEW_TEXT } from '#common/api/dashboardText.js';
import { Card } from '../../ui';
import { CheckIcon } from '../../ui/icons';
import styles from './Overview.module.css';

const LONG_WEEKDAY: Record<string, string> = {
  Sun: 'Sunday',
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
};

/** 'This Week': Sunday to Saturday of the user's week, completed workouts and today marked. */
export function WeekGrid({ week }: { week: WeekDay[] }) {
  const done = week.filter((d) => d.workoutCompleted).length;
  return (
    <Card
      title={OVERVIEW_TEXT.weekTitle}
      description={`${done} workout${done === 1 ? '' : 's'} completed`}
      className={styles.weekCard}
    >
      <ol className={styles.week} aria-label={OVERVIEW_TEXT.weekTitle}>
        {week.map((d) => (
          <li
            key={d.date}
            className={styles.day}
            data-today={d.isToday || undefined}
            data-done={d.workoutCompleted || undefined}
            aria-current={d.isToday ? 'date' : undefined}
            aria-label={`${LONG_WEEKDAY[d.weekday] ?? d.weekday} ${d.day}${d.isToday ? ', today' : ''}${
              d.workoutCompleted ? ', workout completed' : ''
            }`}
          >
            <span className={styles.weekday} aria-hidden="true">
              {d.weekday}
            </span>
            <span className={styles.dayNumber} aria-hidden="true">
              {d.day}
            </span>
            <span className={styles.mark} aria-hidden="true">
              {d.workoutCompleted ? <CheckIcon /> : null}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
