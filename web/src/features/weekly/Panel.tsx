import type { ReactNode } from 'react';
import { Button } from '../../ui';
import styles from './Weekly.module.css';

/** A titled box whose content can be hidden and shown again. */
export function Panel({
  id,
  title,
  open,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <header className={styles.panelHeader}>
        <h3 id={`${id}-title`} className={styles.panelTitle}>
          {title}
        </h3>
        <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={id} onClick={onToggle}>
          {open ? 'Hide' : 'Show'}
        </Button>
      </header>
      {open && (
        <div id={id} className={styles.panelBody}>
          {children}
        </div>
      )}
    </section>
  );
}
