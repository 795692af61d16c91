import type { ReactNode } from 'react';
import { Button } from './Button';
import { AlertIcon } from './icons';
import styles from './States.module.css';

export interface ErrorStateProps {
  /** The error text, e.g. 'Failed to load cron jobs'. */
  message: ReactNode;
  title?: ReactNode;
  /** Shows a retry button. */
  onRetry?: () => void;
  retryLabel?: string;
  /** The retry is running. */
  retrying?: boolean;
  compact?: boolean;
}

/** A failure announced as an alert, with an optional way to try again. */
export function ErrorState({ message, title, onRetry, retryLabel = 'Try again', retrying, compact }: ErrorStateProps) {
  return (
    <div role="alert" className={`${styles.state} ${compact ? styles.compact : ''}`}>
      <div className={`${styles.icon} ${styles.errorIcon}`} aria-hidden="true">
        <AlertIcon />
      </div>
      {title && <p className={styles.title}>{title}</p>}
      <p className={title ? styles.message : styles.title}>{message}</p>
      {onRetry && (
        <div className={styles.action}>
          <Button onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
