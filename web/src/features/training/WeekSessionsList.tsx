import { ErrorState, Spinner } from '../../ui';
import { useTrainingWeek } from './api';
import { STATUS_WORDS, shortDay, timeRange } from './format';
import styles from './training.module.css';
import { TrainingOffLine, UnplacedList } from './WeekLines';

/**
 * The sessions of the week that holds `date`, read-only (the weekly planning screen): day,
 * time, length and status; the ones without a place; a line when the week plans none.
 */
export function WeekSessionsList({ date }: { date: string }) {
  const week = useTrainingWeek(date);
  if (week.isPending) return <Spinner label="Loading training sessions..." />;
  if (week.isError)
    return <ErrorState compact message="Training sessions could not be loaded." onRetry={() => week.refetch()} />;
  const data = week.data;
  if (!data.enabled) return <TrainingOffLine />;
  const sessions = [...data.sessions].sort((a, b) => a.date.localeCompare(b.date) || a.index - b.index);
  return (
    <>
      {sessions.length === 0 && data.unplaced.length === 0 && (
        <p className={styles.muted}>No training sessions this week.</p>
      )}
      {sessions.length > 0 && (
        <ul className={styles.compactList}>
          {sessions.map((s) => (
            <li key={s.id} data-status={s.status}>
              <span className={styles.compactWhen}>{shortDay(s.date)}</span>
              <span className={styles.compactTime}>{timeRange(s)}</span>
              <span className={styles.muted}>
                {s.minutes} min · {STATUS_WORDS[s.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
      <UnplacedList week={data} />
    </>
  );
}
