import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '#common/constants.js';
import { Button } from '../ui/Button';
import { AlertIcon } from '../ui/icons';
import { LoadingState } from '../ui/Spinner';
import styles from './ErrorScreen.module.css';
import { isChunkLoadError, reloadForNewBuild } from './newBuild';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/**
 * The router's fallback for a render or loader error. `inline` keeps it inside the shell's
 * content area so navigation stays usable; the root one fills the page.
 */
export function ErrorScreen({ inline = false }: { inline?: boolean }) {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  // A page's code that an update replaced: the page is reloaded once instead (newBuild.ts).
  const staleBuild = isChunkLoadError(error);
  const [reloading, setReloading] = useState(staleBuild);
  useEffect(() => {
    if (!staleBuild) return;
    let cancelled = false;
    void reloadForNewBuild().then((reloaded) => {
      if (!reloaded && !cancelled) setReloading(false);
    });
    return () => {
      cancelled = true;
    };
  }, [staleBuild]);
  if (reloading) return <LoadingState message="Loading…" fullPage={!inline} />;
  return (
    <div className={inline ? styles.inline : styles.page}>
      <div role="alert" className={styles.card}>
        <div className={styles.icon} aria-hidden="true">
          <AlertIcon />
        </div>
        <h1 className={styles.title}>{MESSAGES.unexpectedAppError}</h1>
        <p className={styles.message}>{errorText(error)}</p>
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
          {/* A full page load: the app state that failed is dropped. */}
          <a href="/dashboard" className={styles.link}>
            Go to Dashboard
          </a>
        </div>
      </div>
    </div>
  );
}
