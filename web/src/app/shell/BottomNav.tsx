import type { Section } from '#common/constants.js';
import { SECTION_INFO } from '../sections';
import styles from './BottomNav.module.css';
import { SectionLink } from './SectionLink';

/** The fixed bottom tab bar shown at widths of 768px and less. */
export function BottomNav({ current }: { current: Section | undefined }) {
  return (
    <nav aria-label="Tab bar" className={styles.bottomNav}>
      <ul>
        {SECTION_INFO.map(({ id, shortLabel, Icon }) => (
          <li key={id}>
            <SectionLink section={id} current={id === current} className={styles.bottomLink}>
              <Icon className={styles.bottomIcon} />
              <span className={styles.bottomLabel}>{shortLabel}</span>
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
