import type { ReflectionSummary } from '#common/api/weekly.js';
import { ErrorState, Spinner } from '../../ui';
import { longDate } from '../notes/api';
import { useReflections } from './api';
import styles from './Weekly.module.css';

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div className={styles.reflectionGroup}>
      <h4>{title}</h4>
      <ul>
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

export function SummaryLists({ summary }: { summary: ReflectionSummary }) {
  return (
    <div className={styles.reflections}>
      <List title="Priorities" items={summary.priorities} />
      <List title="Wins" items={summary.wins} />
      <List title="Open loops" items={summary.open_loops} />
      <List title="Challenges" items={summary.challenges} />
      <List title="Frustrations" items={summary.frustrations} />
    </div>
  );
}

/** The summary of the latest daily notes' morning and evening parts (25 of each, up to the week's end). */
export function ReflectionsPanel({ week }: { week: string }) {
  const r = useReflections(week);
  if (r.isPending) return <Spinner label="Loading reflections…" />;
  if (r.isError) return <ErrorState message="Failed to load reflections." onRetry={() => r.refetch()} />;
  const d = r.data;
  if (!d.has_reflections || !d.from)
    return (
      <p className={styles.muted}>No morning or evening reflections yet. Your daily notes' reflections appear here.</p>
    );
  return (
    <>
      <p className={styles.muted}>
        Your latest {d.morning_reflections.length} mornings and {d.evening_reflections.length} evenings, since{' '}
        {longDate(d.from)}
        {d.summary.average_energy !== null ? ` · average energy ${d.summary.average_energy}/10` : ''}
      </p>
      <SummaryLists summary={d.summary} />
    </>
  );
}
