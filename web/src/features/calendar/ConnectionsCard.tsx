import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CALENDAR_TEXT, type CalendarConnection } from '#common/api/calendar.js';
import { messageOf } from '../../api/client';
import { useTimeZone } from '../../app/time/useToday';
import { Button, Card, TextField, useToast } from '../../ui';
import { calendarApi, calendarKeys } from './api';
import { ReadIssuesNotice } from './ReadIssuesNotice';
import styles from './settings.module.css';

function useReload() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: calendarKeys.all });
}

function StatusBadge({ connection }: { connection: CalendarConnection | undefined }) {
  const text = !connection ? 'Not connected' : connection.status === 'connected' ? 'Connected' : 'Expired';
  return (
    <span className={styles.status} data-state={connection?.status}>
      {text}
    </span>
  );
}

/**
 * What the connection is (account, server, name), when it last synced, its last failure and what
 * its last refresh could not read.
 */
function StatusDetails({
  connection,
  withIssues = true,
}: {
  connection: CalendarConnection | undefined;
  /** False where the caller shows the read issues itself (a subscription, below its row). */
  withIssues?: boolean;
}) {
  const zone = useTimeZone();
  if (!connection) return null;
  const synced = connection.last_sync_time
    ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
        new Date(connection.last_sync_time),
      )
    : null;
  return (
    <>
      <div className={styles.details}>
        <span className={styles.label}>{connection.label}</span>
        {synced && <span className={styles.muted}>Last synced {synced}</span>}
        {/* An expired connection's error is the expiry itself, said in full below the heading. */}
        {connection.last_error && connection.status !== 'expired' && (
          <span role="alert" className={styles.errorText}>
            {connection.last_error}
          </span>
        )}
      </div>
      {withIssues && <ReadIssuesNotice issues={connection.read_issues} label={connection.label} />}
    </>
  );
}

function ProviderHead({
  id,
  title,
  connection,
  actions,
}: {
  id: string;
  title: string;
  connection?: CalendarConnection;
  actions?: ReactNode;
}) {
  return (
    <div className={styles.providerHead}>
      <div className={styles.providerInfo}>
        <h3 id={id} className={styles.providerTitle}>
          {title}
          <StatusBadge connection={connection} />
        </h3>
        <StatusDetails connection={connection} />
      </div>
      {actions && <div className={styles.providerActions}>{actions}</div>}
    </div>
  );
}

/** Sends the browser to Google's consent page with a fresh authorization URL. */
async function goToGoogle() {
  const { authUrl } = await calendarApi.authUrl();
  window.location.assign(authUrl);
}

function GoogleSection({ connection, configured }: { connection?: CalendarConnection; configured: boolean }) {
  const reload = useReload();
  const toast = useToast();
  const [busy, setBusy] = useState<'connect' | 'disconnect' | null>(null);

  const connect = async () => {
    setBusy('connect');
    try {
      await goToGoogle();
    } catch (error) {
      toast.error(messageOf(error, 'Could not start the Google sign-in. Please try again.'));
      setBusy(null);
    }
  };
  const disconnect = async () => {
    setBusy('disconnect');
    try {
      await calendarApi.revoke();
      await reload();
      toast.success('Disconnected from Google Calendar');
    } catch {
      toast.error(CALENDAR_TEXT.disconnectFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.provider} aria-labelledby="provider-google">
      <ProviderHead
        id="provider-google"
        title="Google Calendar"
        connection={connection}
        actions={
          configured || connection ? (
            <>
              {configured && connection?.status !== 'connected' && (
                <Button variant="primary" onClick={connect} loading={busy === 'connect'} disabled={busy !== null}>
                  {connection ? 'Reconnect Google Calendar' : 'Connect Google Calendar'}
                </Button>
              )}
              {connection && (
                <Button onClick={disconnect} loading={busy === 'disconnect'} disabled={busy !== null}>
                  Disconnect
                </Button>
              )}
            </>
          ) : undefined
        }
      />
      {connection?.status === 'expired' && <p className={styles.errorText}>{CALENDAR_TEXT.expired}</p>}
      {!configured && !connection && (
        <p className={styles.muted}>
          Google Calendar is not available on this server; ask your administrator. Meanwhile you can connect a CalDAV
          calendar or an .ics subscription below.
        </p>
      )}
    </section>
  );
}

function CaldavSection({ connection }: { connection?: CalendarConnection }) {
  const reload = useReload();
  const toast = useToast();
  const [form, setForm] = useState({ url: '', username: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const connect = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await calendarApi.connectCaldav(form);
      setForm({ url: '', username: '', password: '' });
      await reload();
      toast.success('CalDAV calendar connected');
    } catch (err) {
      setError(messageOf(err, 'Failed to connect the CalDAV calendar'));
    } finally {
      setBusy(false);
    }
  };
  const disconnect = async () => {
    setBusy(true);
    try {
      await calendarApi.disconnectCaldav();
      await reload();
      toast.success('CalDAV calendar disconnected');
    } catch (err) {
      toast.error(messageOf(err, 'Failed to disconnect the CalDAV calendar'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.provider} aria-labelledby="provider-caldav">
      <ProviderHead
        id="provider-caldav"
        title="CalDAV"
        connection={connection}
        actions={
          connection ? (
            <Button onClick={disconnect} loading={busy}>
              Disconnect
            </Button>
          ) : undefined
        }
      />
      {!connection && (
        <form className={styles.form} onSubmit={connect} aria-label="Connect a CalDAV calendar">
          <p className={styles.muted}>
            Nextcloud, Fastmail, iCloud, Radicale and other CalDAV servers. Use an app password where your provider
            offers one; it is stored encrypted.
          </p>
          <TextField
            label="Server URL"
            type="url"
            inputMode="url"
            placeholder="https://cloud.example.com/remote.php/dav"
            required
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
          />
          <div className={styles.twoColumns}>
            <TextField
              label="Username"
              autoComplete="username"
              required
              value={form.username}
              onChange={(e) => setForm({ ...form, username: e.target.value })}
            />
            <TextField
              label="App password"
              type="password"
              autoComplete="current-password"
              required
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
            />
          </div>
          {error && (
            <p role="alert" className={styles.errorText}>
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={busy} loadingText="Connecting...">
              Connect CalDAV
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function IcsSection({ connections }: { connections: CalendarConnection[] }) {
  const reload = useReload();
  const toast = useToast();
  const [form, setForm] = useState({ name: '', url: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await calendarApi.addIcs(form);
      setForm({ name: '', url: '' });
      await reload();
      toast.success('Subscription added');
    } catch (err) {
      setError(messageOf(err, 'Failed to add the subscription'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    setRemoving(id);
    try {
      await calendarApi.removeIcs(id);
      await reload();
    } catch (err) {
      toast.error(messageOf(err, 'Failed to remove the subscription'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className={styles.provider} aria-labelledby="provider-ics">
      <div className={styles.providerHead}>
        <h3 id="provider-ics" className={styles.providerTitle}>
          .ics subscriptions
        </h3>
      </div>
      {connections.length > 0 && (
        <ul className={styles.subscriptions}>
          {connections.map((c) => (
            <li key={c.id} className={styles.subscription}>
              <div className={styles.providerInfo}>
                <span className={styles.subscriptionName}>
                  <StatusBadge connection={c} />
                </span>
                <StatusDetails connection={c} withIssues={false} />
              </div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => remove(c.id)}
                loading={removing === c.id}
                aria-label={`Remove ${c.label}`}
              >
                Remove
              </Button>
              {/* Below the row, across the card: the note stays readable on a narrow screen. */}
              {c.read_issues && (
                <div className={styles.subscriptionIssues}>
                  <ReadIssuesNotice issues={c.read_issues} label={c.label} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={add} aria-label="Add an .ics subscription">
        <p className={styles.muted}>
          A read-only calendar published as an .ics link (holidays, a team's shared calendar).
        </p>
        <div className={styles.twoColumns}>
          <TextField
            label="Name"
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <TextField
            label="Calendar URL"
            type="url"
            inputMode="url"
            placeholder="https://example.com/calendar.ics"
            required
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
          />
        </div>
        {error && (
          <p role="alert" className={styles.errorText}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" loading={busy} loadingText="Adding...">
            Add subscription
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The connection status of each provider, with connect and disconnect. */
export function ConnectionsCard({
  connections,
  googleConfigured,
}: {
  connections: CalendarConnection[];
  googleConfigured: boolean;
}) {
  return (
    <Card title="Connections" description="Where your events come from.">
      <div className={styles.providers}>
        <GoogleSection connection={connections.find((c) => c.provider === 'google')} configured={googleConfigured} />
        <CaldavSection connection={connections.find((c) => c.provider === 'caldav')} />
        <IcsSection connections={connections.filter((c) => c.provider === 'ics')} />
      </div>
    </Card>
  );
}
