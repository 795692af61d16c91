import { usePendingNavigation } from '../pendingNavigation';
import styles from './NavigationProgress.module.css';

/**
 * A thin bar at the top of the window while a page just opened is still loading (its code on a
 * slow connection): the previous screen stays until then, so without it a click would seem to do
 * nothing. It fades in only after a moment, so quick changes of page never flash it.
 */
export function NavigationProgress() {
  const pending = usePendingNavigation();
  if (!pending) return null;
  return <div role="progressbar" aria-label="Loading page" className={styles.bar} />;
}
