import { Link, useLocation } from 'react-router';
import type { Section } from '../../../../common/src/constants';
import { sectionHref } from '../lastRoute';
import { SECTION_INFO } from '../sections';
import styles from './BottomNav.module.css';

/** The fixed bottom tab bar shown at widths of 768px and less. */
export function BottomNav({ current }: { current: Section | undefined }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Tab bar" className={styles.bottomNav}>
      <ul>
        {SECTION_INFO.map(({ id, shortLabel, Icon }) => (
          <li key={id}>
            <Link
              to={sectionHref(id, pathname)}
              className={styles.bottomLink}
              aria-current={id === current ? 'page' : undefined}
            >
              <Icon className={styles.bottomIcon} />
              <span className={styles.bottomLabel}>{shortLabel}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
