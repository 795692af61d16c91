import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CALENDAR_TEXT, CALLBACK_REDIRECT_MS } from '#common/api/calendar.js';
import { messageOf } from '../../api/client';
import { Button, Card, LinkButton, LoadingState } from '../../ui';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { calendarApi, calendarKeys } from './api';
import styles from './callback.module.css';
import { CALLBACK_TITLES, COMMON_CAUSES, callbackExplanation, classifyCallbackError } from './callbackErrors';
import { SETTINGS_PATH } from './ExpiredNotice';

type Outcome = { success: true; message: string } | { success: false; error: string; message: string };

function Failure({ outcome }: { outcome: Extract<Outcome, { success: false }> }) {
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const kind = classifyCallbackError(outcome.error, outcome.message);
  const explanation = callbackExplanation(kind, window.location.origin);
  // The server's or Google's words, unless the heading or the explanation already say them.
  const said = `${CALLBACK_TITLES[kind]} ${explanation}`.toLowerCase();
  const message = outcome.message.trim().replace(/\.$/, '');
  const repeats = kind === 'denied' || !message || said.includes(message.toLowerCase());
  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      const { authUrl } = await calendarApi.authUrl();
      window.location.assign(authUrl);
    } catch (error) {
      setRetryError(messageOf(error, 'Could not start the Google sign-in. Please try again.'));
      setRetrying(false);
    }
  };
  return (
    <div role="alert" className={styles.body}>
      <div className={`${styles.icon} ${styles.error}`} aria-hidden="true">
        <AlertIcon />
      </div>
      <h2 className={styles.title}>{CALLBACK_TITLES[kind]}</h2>
      {!repeats && <p className={styles.message}>{outcome.message}</p>}
      <p className={styles.explanation}>{explanation}</p>
      <div className={styles.causes}>
        <h3 className={styles.causesTitle}>Common causes</h3>
        <ul>
          {COMMON_CAUSES.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
      {retryError && <p className={styles.retryError}>{retryError}</p>}
      <div className={styles.actions}>
        <LinkButton to={SETTINGS_PATH}>Back to Settings</LinkButton>
        <Button variant="primary" onClick={retry} loading={retrying}>
          Try Again
        </Button>
      </div>
    </div>
  );
}

/** The heading says it; the server's "connected successfully" would only repeat it. */
function Success() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: calendarKeys.all });
    const timer = window.setTimeout(() => void navigate(SETTINGS_PATH, { replace: true }), CALLBACK_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, qc]);
  return (
    <div role="status" className={styles.body}>
      <div className={`${styles.icon} ${styles.success}`} aria-hidden="true">
        <CheckIcon />
      </div>
      <h2 className={styles.title}>Google Calendar connected</h2>
      <p className={styles.explanation}>Taking you to Calendar Settings…</p>
    </div>
  );
}

/** /dashboard/google-callback: where Google sends the user back after the consent screen. */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state') ?? undefined;
  const denied = params.get('error');
  // The code works once: one query per code, never retried or refetched (StrictMode-safe), and
  // kept outside the ['calendar'] keys so that invalidating those after success leaves it alone.
  const exchange = useQuery({
    queryKey: ['google-oauth-callback', code],
    queryFn: () => calendarApi.oauthCallback({ code: code ?? '', state }),
    enabled: !denied && !!code,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  let outcome: Outcome | null = null;
  if (denied) {
    outcome = {
      success: false,
      error: denied,
      message: params.get('error_description') ?? 'Authorization was denied, so Google Calendar was not connected.',
    };
  } else if (!code) outcome = { success: false, error: 'missing_code', message: CALENDAR_TEXT.codeMissing };
  else if (exchange.data) outcome = exchange.data;
  else if (exchange.isError) outcome = { success: false, error: 'unknown', message: messageOf(exchange.error) };

  return (
    <Card className={styles.card}>
      {!outcome ? (
        <LoadingState message="Connecting Google Calendar..." />
      ) : outcome.success ? (
        <Success />
      ) : (
        <Failure outcome={outcome} />
      )}
    </Card>
  );
}
