import { Link } from 'react-router';
import type { TrainingWeek } from '#common/api/training.js';
import { AlertIcon } from '../../ui/icons';
import styles from './training.module.css';

// Lines the week view and the weekly planning screen's list share.

/** One line for a week whose sessions are not planned: what the feature does and where to turn it on. */
export function TrainingOffLine() {
  return (
    <p className={styles.line}>
      Daymark can plan your training sessions into the free time of your week and keep them clear of meetings.{' '}
      <Link to="/workout/settings">Set it up in Workout settings</Link>
    </p>
  );
}

/** One line for a week whose sessions no calendar can hold. */
export function NoCalendarLine() {
  return (
    <p className={styles.line}>
      No connected calendar can hold your sessions, so they are kept in Daymark only.{' '}
      <Link to="/dashboard/calendar-settings">Calendar settings</Link>
    </p>
  );
}

/** The sessions the week had no room for, as the server words them (those not listed as released). */
export function UnplacedList({ week }: { week: TrainingWeek }) {
  // A released session is listed with its own note already.
  const unplaced = week.unplaced.filter((u) => !week.sessions.some((s) => s.index === u.index));
  if (!unplaced.length) return null;
  return (
    <ul className={styles.unplaced} aria-label="Sessions without a place">
      {unplaced.map((u) => (
        <li key={u.index}>
          <AlertIcon aria-hidden="true" />
          <span>{u.message}</span>
        </li>
      ))}
    </ul>
  );
}
