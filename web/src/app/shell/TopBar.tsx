import { useState } from 'react';
import { Link } from 'react-router';
import type { Section } from '#common/constants.js';
import { Button } from '../../ui/Button';
import { DaymarkLogo, LogoutIcon } from '../../ui/icons';
import { useSession } from '../auth/session';
import { SECTION_INFO } from '../sections';
import { SectionLink } from './SectionLink';
import styles from './TopBar.module.css';

/** Brand, section links (hidden on phones, where BottomNav takes over), greeting and Logout. */
export function TopBar({ current }: { current: Section | undefined }) {
  const { user, logout } = useSession();
  const [leaving, setLeaving] = useState(false);

  const onLogout = async () => {
    setLeaving(true);
    await logout();
  };

  return (
    <header className={styles.topBar}>
      <div className={styles.topInner}>
        <Link to="/dashboard" className={styles.brand}>
          <DaymarkLogo />
          <span className={styles.brandText}>Daymark</span>
        </Link>
        <nav aria-label="Primary" className={styles.topNav}>
          <ul>
            {SECTION_INFO.map((s) => (
              <li key={s.id}>
                <SectionLink section={s.id} current={s.id === current} className={styles.topLink}>
                  {s.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.account}>
          <span className={styles.greeting}>Hi, {user.username}</span>
          <Button variant="ghost" size="sm" icon={<LogoutIcon />} onClick={onLogout} loading={leaving}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
