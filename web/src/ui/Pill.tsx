import type { ReactNode } from 'react';
import styles from './Pill.module.css';

export type PillTone = 'neutral' | 'accent' | 'success' | 'danger' | 'outline';

export interface PillProps {
  tone?: PillTone;
  children: ReactNode;
}

/** A short status or kind beside a title ("Planned", "Failed", "Run"), in one of a few tones. */
export function Pill({ tone = 'neutral', children }: PillProps) {
  return (
    <span className={styles.pill} data-tone={tone}>
      {children}
    </span>
  );
}
