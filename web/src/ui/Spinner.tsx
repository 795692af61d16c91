import type { ReactNode } from 'react';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; omit when the surrounding text already says it. */
  label?: string;
  className?: string;
}

/** A small rotating ring. Decorative unless it has a label. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const ring = <span className={`${styles.spinner} ${styles[size]} ${className ?? ''}`} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status" className={styles.inline}>
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export interface LoadingStateProps {
  /** Visible text, e.g. 'Loading calendar events...'. */
  message?: ReactNode;
  /** Centre in the whole viewport (used while the session is checked). */
  fullPage?: boolean;
}

/** A calm, centred loading message for a page or a panel. */
export function LoadingState({ message = 'Loading…', fullPage = false }: LoadingStateProps) {
  return (
    <div role="status" aria-live="polite" className={fullPage ? styles.fullPage : styles.panel}>
      <Spinner size={fullPage ? 'lg' : 'md'} />
      <span className={styles.message}>{message}</span>
    </div>
  );
}
