import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRememberRoute } from '../lastRoute';
import { sectionInfo, sectionOf } from '../sections';
import { BottomNav } from './BottomNav';
import styles from './Shell.module.css';
import { TopBar } from './TopBar';

// The recorder and its form are not needed to paint the first page.
const FloatingTranscriptButton = lazy(() =>
  import('../../features/transcript/FloatingTranscriptButton').then((m) => ({ default: m.FloatingTranscriptButton })),
);

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
      <Suspense fallback={null}>
        <FloatingTranscriptButton />
      </Suspense>
      <BottomNav current={section} />
    </div>
  );
}
