import type { ReactNode } from 'react';
import styles from './States.module.css';

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** An icon (e.g. from ui/icons) shown in a soft circle. */
  icon?: ReactNode;
  /** A button or link, e.g. 'Add Transcript'. */
  action?: ReactNode;
  compact?: boolean;
}

/** What a list or panel shows when there is nothing in it yet. */
export function EmptyState({ title, message, icon, action, compact }: EmptyStateProps) {
  return (
    <div className={`${styles.state} ${compact ? styles.compact : ''}`}>
      {icon && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <p className={styles.title}>{title}</p>
      {message && <p className={styles.message}>{message}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
