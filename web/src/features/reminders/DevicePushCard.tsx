import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Channel, REMINDER_TEXTS } from '#common/api/reminders.js';
import { ApiError, messageOf } from '../../api/client';
import { Button, Card } from '../../ui';
import { channelsChanged, remindersApi } from './api';
import {
  currentSubscription,
  PUSH_WORDS,
  PushProblem,
  pushSupported,
  subscribeThisDevice,
  subscriptionBody,
} from './push';
import styles from './Reminders.module.css';

type Outcome = { ok: boolean; text: string } | null;

/**
 * "This device's notifications": subscribes this browser to the server's Web Push (the user's one
 * channel of this app's notifications is made on the first device), or unsubscribes it.
 */
export function DevicePushCard({ publicKey, webpush }: { publicKey: string; webpush: Channel | undefined }) {
  const title = 'This device’s notifications';
  const description = 'Reminders as notifications of this browser or installed app, on this device only.';
  const supported = pushSupported();
  if (!supported)
    return (
      <Card aria-label={title} title={title} description={description}>
        <p className={styles.muted}>
          {REMINDER_TEXTS.pushUnavailable} {window.isSecureContext ? '' : PUSH_WORDS.insecure}
        </p>
      </Card>
    );
  if (!publicKey)
    return (
      <Card aria-label={title} title={title} description={description}>
        <p className={styles.muted}>{PUSH_WORDS.noKey}</p>
      </Card>
    );
  return (
    <Card aria-label={title} title={title} description={description}>
      <DevicePush publicKey={publicKey} webpush={webpush} />
    </Card>
  );
}

function DevicePush({ publicKey, webpush }: { publicKey: string; webpush: Channel | undefined }) {
  const qc = useQueryClient();
  // undefined: still looking; null: this device has none.
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    let live = true;
    currentSubscription().then(
      (s) => live && setSubscription(s),
      () => live && setSubscription(null),
    );
    return () => {
      live = false;
    };
  }, []);
  // On only while the server has the channel too (deleting it there ends every device's).
  const on = !!subscription && !!webpush;
  const blocked = Notification.permission === 'denied';

  const turnOn = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const made = await subscribeThisDevice(publicKey);
      try {
        await remindersApi.addPushSubscription(subscriptionBody(made, window.location.origin));
      } catch (err) {
        // The server did not take it: the browser forgets it too, so the two agree.
        await made.unsubscribe().catch(() => undefined);
        throw err;
      }
      setSubscription(made);
      setOutcome({ ok: true, text: 'Notifications are on for this device.' });
      await channelsChanged(qc);
    } catch (err) {
      const text =
        err instanceof PushProblem
          ? err.message
          : messageOf(err, 'Notifications could not be turned on. Please try again.');
      setOutcome({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    if (!subscription) return;
    setBusy(true);
    setOutcome(null);
    try {
      try {
        await remindersApi.removePushSubscription(subscription.endpoint);
      } catch (err) {
        // Already unknown to the server: nothing left to remove there.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
      await subscription.unsubscribe().catch(() => undefined);
      setSubscription(null);
      setOutcome({ ok: true, text: 'Notifications are off for this device.' });
      await channelsChanged(qc);
    } catch (err) {
      setOutcome({ ok: false, text: messageOf(err, 'Notifications could not be turned off. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.stack}>
      {subscription === undefined ? (
        <p className={styles.muted}>Checking this device…</p>
      ) : on ? (
        <div className={styles.device}>
          <p className={styles.deviceState}>Notifications are on for this device</p>
          <Button onClick={turnOff} loading={busy} loadingText="Turning off…">
            Turn off
          </Button>
        </div>
      ) : (
        <div className={styles.device}>
          {/* After a try, its outcome below says what happened instead. */}
          {!outcome && (
            <p className={styles.muted}>
              {blocked ? PUSH_WORDS.blocked : 'Your browser will ask whether Daymark may show notifications.'}
            </p>
          )}
          <Button variant="primary" onClick={turnOn} loading={busy} loadingText="Turning on…">
            Turn on notifications on this device
          </Button>
        </div>
      )}
      <p role="status" className={styles.result} data-ok={outcome ? String(outcome.ok) : undefined}>
        {outcome?.text ?? ''}
      </p>
    </div>
  );
}
