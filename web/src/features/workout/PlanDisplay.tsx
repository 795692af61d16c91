import { Card } from '../../ui';
import { parsePlan } from './planParse';
import { WorkoutView } from './WorkoutView';
import styles from './workout.module.css';

/** A plan record as the spec shows it: skipped card, plain text, or the structured view. */
export function PlanDisplay({
  record,
  readOnly = false,
}: {
  record: { id: number; date: string; plan: string };
  readOnly?: boolean;
}) {
  const parsed = parsePlan(record);
  if (parsed.kind === 'skipped') {
    return (
      <Card className={styles.skipped} aria-label="Skipped workout">
        <h3 className={styles.planTitle}>Workout Skipped</h3>
        <p className={styles.plainText}>{parsed.text}</p>
      </Card>
    );
  }
  if (parsed.kind === 'text') return <pre className={styles.plainText}>{parsed.text}</pre>;
  return (
    <WorkoutView key={parsed.plan.uuid} plan={parsed.plan} planId={record.id} date={record.date} readOnly={readOnly} />
  );
}
