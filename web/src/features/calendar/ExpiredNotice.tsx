import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CALENDAR_TEXT, EXPIRY_PROMPT_DELAY_MS } from '#common/api/calendar.js';
import { readSession, sessionKey, writeSession } from '../../app/sessionStore';
import { Button, ConfirmDialog } from '../../ui';
import { AlertIcon } from '../../ui/icons';
import { calendarApi, useConnections } from './api';
import styles from './calendar.module.css';

export const SETTINGS_PATH = '/dashboard/calendar-settings';

/** Which expiry the reconnect dialog was last shown for, in this browser session. */
const ASKED_KEY = sessionKey('calendar', 'expiryAsked');

/**
 * The expired Google connection (part 1 §4): the message with a re-authenticate button (a fresh
 * authorization URL is fetched for it), and after 500 ms a dialog offering to reconnect, which
 * leads to calendar-settings. The dialog is shown once per browser session and expiry (the
 * expired connection's id; a reconnect makes a new connection), not on every screen and reload
 * that shows the notice.
 *
 * `banner`: the notice sits above the events of the calendars that still work (a compact row);
 * without it, it stands alone in place of the events. `onLeave`: called before it navigates away
 * (a modal closes itself).
 */
export function ExpiredNotice({ banner = false, onLeave }: { banner?: boolean; onLeave?: () => void }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const connections = useConnections();
  const authUrl = useQuery({
    queryKey: ['calendar', 'auth-url'],
    queryFn: calendarApi.authUrl,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // The expiry the dialog is about; known once the connections are (or failed to load).
  const expiry = connections.isPending
    ? null
    : (connections.data?.connections ?? [])
        .filter((c) => c.status === 'expired')
        .map((c) => c.id)
        .join(',') || 'expired';
  useEffect(() => {
    if (expiry === null) return;
    const timer = window.setTimeout(() => {
      // Checked when the time comes: another notice on the page (or an earlier page) may have asked.
      if (readSession(ASKED_KEY) === expiry) return;
      writeSession(ASKED_KEY, expiry);
      setAsking(true);
    }, EXPIRY_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [expiry]);

  const toSettings = () => {
    onLeave?.();
    void navigate(SETTINGS_PATH);
  };
  const reauthenticate = () => {
    // Without an authorization URL (Google sign-in not configured here), settings explains why.
    if (authUrl.data) window.location.assign(authUrl.data.authUrl);
    else toSettings();
  };

  return (
    <div role="alert" className={banner ? styles.expiredBanner : styles.expired}>
      <AlertIcon className={styles.expiredIcon} aria-hidden="true" />
      <p className={styles.expiredText}>{CALENDAR_TEXT.expired}</p>
      <Button variant="primary" onClick={reauthenticate} loading={authUrl.isPending} className={styles.expiredAction}>
        Re-authenticate
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Reconnect Google Calendar?"
        message={CALENDAR_TEXT.expiredConfirm}
        confirmLabel="Reconnect"
        cancelLabel="Not now"
        tone="primary"
        onConfirm={toSettings}
      />
    </div>
  );
}
