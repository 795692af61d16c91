import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '#common/constants.js';
import { sectionInfo, sectionOf } from '../sections';
import { BottomNav } from './BottomNav';
import { NavigationProgress } from './NavigationProgress';
import styles from './Shell.module.css';
import { TopBar } from './TopBar';

// The recorder and its form are not needed to paint the first page.
const FloatingTranscriptButton = lazy(() =>
  import('../../features/transcripts/FloatingTranscriptButton').then((m) => ({ default: m.FloatingTranscriptButton })),
);

const WIDE = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

function subscribeWide(notify: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

/**
 * The floating recorder shows only wider than 768 px (its own CSS hides it below): it is
 * rendered, and its chunk (with its forms, dialog and schemas) loaded, only on such a screen,
 * and only once the browser is idle after the first screen, so that it never competes with the
 * page being opened.
 */
function useShowRecorder(): boolean {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setIdle(true), 500);
    return () => window.clearTimeout(timer);
  }, []);
  // Once mounted it stays (its CSS hides it when the window narrows), keeping an open form.
  const [shown, setShown] = useState(false);
  if (wide && idle && !shown) setShown(true);
  return shown;
}

/** The signed-in layout: top bar (desktop), content, bottom tab bar (width ≤ 768px). */
export function AppShell() {
  const { pathname } = useLocation();
  const showRecorder = useShowRecorder();

  const section = sectionOf(pathname);
  useEffect(() => {
    document.title = section ? `${sectionInfo(section).label} · Daymark` : 'Daymark';
  }, [section]);

  return (
    <div className={styles.shell}>
      <NavigationProgress />
      <a href="#content" className={styles.skipLink}>
        Skip to content
      </a>
      <TopBar current={section} />
      <main id="content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      {showRecorder && (
        <Suspense fallback={null}>
          <FloatingTranscriptButton />
        </Suspense>
      )}
      <BottomNav current={section} />
    </div>
  );
}
