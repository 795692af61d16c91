import type { Section } from '../../../common/src/constants';
import { Card } from '../ui/Card';
import styles from './PlaceholderPanel.module.css';
import { SECTION_INFO } from './sections';

export interface PlaceholderPanelProps {
  section: Section;
  title: string;
  /** What will come here, in plain words. */
  message: string;
}

/** An honest stand-in for a screen that is not built yet. */
export function PlaceholderPanel({ section, title, message }: PlaceholderPanelProps) {
  const Icon = SECTION_INFO.find((s) => s.id === section)?.Icon;
  return (
    <Card className={styles.card}>
      {Icon && (
        <div className={styles.icon} aria-hidden="true">
          <Icon />
        </div>
      )}
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.message}>{message}</p>
      <p className={styles.status}>This part of Daymark is still being built.</p>
    </Card>
  );
}
