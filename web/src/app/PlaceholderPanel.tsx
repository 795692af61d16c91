import type { Section } from '#common/constants.js';
import { Card } from '../ui/Card';
import styles from './PlaceholderPanel.module.css';
import { sectionInfo } from './sections';

export interface PlaceholderPanelProps {
  section: Section;
  title: string;
  /** What will come here, in plain words. */
  message: string;
}

/** An honest stand-in for a screen that is not built yet. */
export function PlaceholderPanel({ section, title, message }: PlaceholderPanelProps) {
  const { Icon } = sectionInfo(section);
  return (
    <Card className={styles.card}>
      <div className={styles.icon} aria-hidden="true">
        <Icon />
      </div>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.message}>{message}</p>
      <p className={styles.status}>This part of Daymark is still being built.</p>
    </Card>
  );
}
