import { Card } from '../../ui';
import styles from './workout.module.css';

/** The spec's placeholder: not in the tab bar. */
export function StatsPage() {
  return (
    <div className={styles.page}>
      <Card title="Workout statistics">
        <p className={styles.muted}>Statistics about your workouts will be shown here.</p>
      </Card>
    </div>
  );
}
