import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CALENDAR_TEXT, EXPIRY_PROMPT_DELAY_MS } from '../../../../common/src/api/calendar';
import { Button, ConfirmDialog } from '../../ui';
import { AlertIcon } from '../../ui/icons';
import { calendarApi } from './api';
import styles from './calendar.module.css';

export const SETTINGS_PATH = '/dashboard/calendar-settings';

/**
 * The expired Google connection (part 1 §4): the message with a re-authenticate button (a fresh
 * authorization URL is fetched for it), and after 500 ms a dialog offering to reconnect, which
 * leads to calendar-settings.
 */
export function ExpiredNotice() {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const authUrl = useQuery({
    queryKey: ['calendar', 'auth-url'],
    queryFn: calendarApi.authUrl,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    const timer = window.setTimeout(() => setAsking(true), EXPIRY_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const reauthenticate = () => {
    // Without an authorization URL (Google sign-in not configured here), settings explains why.
    if (authUrl.data) window.location.assign(authUrl.data.authUrl);
    else void navigate(SETTINGS_PATH);
  };

  return (
    <div role="alert" className={styles.expired}>
      <AlertIcon className={styles.expiredIcon} aria-hidden="true" />
      <p className={styles.expiredText}>{CALENDAR_TEXT.expired}</p>
      <Button variant="primary" onClick={reauthenticate} loading={authUrl.isPending}>
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
        onConfirm={() => {
          void navigate(SETTINGS_PATH);
        }}
      />
    </div>
  );
}
