import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FloatingTranscriptButton } from '../../features/transcript/FloatingTranscriptButton';
import { useRememberRoute } from '../lastRoute';
import { sectionInfo, sectionOf } from '../sections';
import { BottomNav } from './BottomNav';
import styles from './Shell.module.css';
import { TopBar } from './TopBar';

/** The signed-in layout: top bar (desktop), content, bottom tab bar (width ≤ 768px). */
export function AppShell() {
  const { pathname } = useLocation();
  useRememberRoute();

  const section = sectionOf(pathname);
  useEffect(() => {
    document.title = section ? `${sectionInfo(section).label} · Daymark` : 'Daymark';
  }, [section]);

  return (
    <div className={styles.shell}>
      <a href="#content" className={styles.skipLink}>
        Skip to content
      </a>
      <TopBar current={section} />
      <main id="content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <FloatingTranscriptButton />
      <BottomNav current={section} />
    </div>
  );
}
