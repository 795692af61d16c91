import type { Stats } from '#common/api/stats.js';
import { Card, EmptyState } from '../../ui';
import styles from './Stats.module.css';

const OUTCOMES = [
  { key: 'completed', label: 'Completed' },
  { key: 'partial', label: 'Partial' },
  { key: 'skipped', label: 'Skipped' },
] as const;

/** Completed, partial and skipped exercises as one proportion bar with a legend of counts. */
export function Outcomes({ outcomes }: { outcomes: Stats['exerciseOutcomes'] }) {
  const total = outcomes.completed + outcomes.partial + outcomes.skipped;
  return (
    <Card
      title="Exercise outcomes"
      aria-label="Exercise outcomes"
      titleAs="h3"
      description="From your saved workout logs"
      className={styles.chartCard}
    >
      {total === 0 ? (
        <EmptyState compact title="Nothing yet" message="No exercises marked in these weeks yet." />
      ) : (
        <>
          <div className={styles.stack} aria-hidden="true">
            {OUTCOMES.map((o) =>
              outcomes[o.key] ? (
                <span
                  key={o.key}
                  className={styles.segment}
                  data-outcome={o.key}
                  style={{ flexGrow: outcomes[o.key] }}
                />
              ) : null,
            )}
          </div>
          <ul className={styles.legend}>
            {OUTCOMES.map((o) => (
              <li key={o.key}>
                <span className={styles.swatch} data-outcome={o.key} aria-hidden="true" />
                {o.label}: <strong>{outcomes[o.key]}</strong> ({Math.round((outcomes[o.key] / total) * 100)}%)
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function VerdictList({
  title,
  items,
  kind,
}: {
  title: string;
  items: Array<{ name: string; count: number }>;
  kind: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <div className={styles.verdicts}>
      <h4 className={styles.verdictTitle}>{title}</h4>
      {items.length === 0 ? (
        <p className={styles.muted}>None yet.</p>
      ) : (
        <ul className={styles.verdictList}>
          {items.map((i) => (
            <li key={i.name}>
              <span className={styles.verdictName}>{i.name}</span>
              <span className={styles.verdictBar} aria-hidden="true">
                <span data-kind={kind} style={{ width: `${(i.count / max) * 100}%` }} />
              </span>
              <span className={styles.verdictCount}>
                {i.count}
                <span className="visually-hidden"> {i.count === 1 ? 'time' : 'times'}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The exercises most often liked and disliked in the range. */
export function Verdicts({ feedback }: { feedback: Stats['feedback'] }) {
  const empty = feedback.liked.length === 0 && feedback.disliked.length === 0;
  return (
    <Card
      title="Liked and disliked exercises"
      aria-label="Liked and disliked exercises"
      titleAs="h3"
      className={styles.chartCard}
    >
      {empty ? (
        <EmptyState compact title="Nothing yet" message="No exercises liked or disliked in these weeks yet." />
      ) : (
        <div className={styles.verdictColumns}>
          <VerdictList title="Liked" items={feedback.liked} kind="like" />
          <VerdictList title="Disliked" items={feedback.disliked} kind="dislike" />
        </div>
      )}
    </Card>
  );
}
