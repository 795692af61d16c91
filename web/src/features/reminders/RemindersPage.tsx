import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type Channel, REMINDER_LIMITS, REMINDER_TEXTS } from '#common/api/reminders.js';
import { messageOf } from '../../api/client';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Card, ErrorState, LoadingState, useToast } from '../../ui';
import { channelSaved, useReminders } from './api';
import { ChannelForm } from './ChannelForm';
import { ChannelList } from './ChannelList';
import { DeliveryLog } from './DeliveryLog';
import { DevicePushCard } from './DevicePushCard';
import styles from './Reminders.module.css';
import { WhenCard } from './WhenCard';

/** The forms with unsaved changes, each named as the leave question names it. */
type Unsaved = Partial<Record<'when' | 'add' | 'edit', string>>;

function useUnsaved() {
  const [unsaved, setUnsaved] = useState<Unsaved>({});
  const mark = useCallback(
    (form: keyof Unsaved, what: string | null) =>
      setUnsaved((u) => {
        if ((u[form] ?? null) === what) return u;
        const next = { ...u };
        if (what === null) delete next[form];
        else next[form] = what;
        return next;
      }),
    [],
  );
  const onWhenDirty = useCallback((dirty: boolean) => mark('when', dirty ? 'the reminder times' : null), [mark]);
  const onAddDirty = useCallback((dirty: boolean) => mark('add', dirty ? 'the new channel' : null), [mark]);
  const onEditDirty = useCallback(
    (label: string | null) => mark('edit', label ? `the channel ${label}` : null),
    [mark],
  );
  const whats = Object.values(unsaved);
  const what = whats.length === 1 ? (whats[0] as string) : 'your reminder settings';
  return { dirty: whats.length > 0, what, onWhenDirty, onAddDirty, onEditDirty };
}

/** /dashboard/reminders: when reminders come, where they go, this device's notifications, and what was sent. */
export function RemindersPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const query = useReminders();
  const unsaved = useUnsaved();
  const leaveGuard = useLeaveGuard(unsaved.dirty, unsaved.what);

  if (query.isPending) return <LoadingState message="Loading your reminders…" />;
  if (query.isError)
    return (
      <ErrorState
        message={messageOf(query.error, 'Your reminder settings could not be loaded.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );

  const { settings, channels, email_available, push_public_key, timezone } = query.data;
  const added = (channel: Channel) => {
    channelSaved(qc, channel);
    toast.success(REMINDER_TEXTS.channelSaved);
  };
  const full = channels.length >= REMINDER_LIMITS.channelsMax;
  return (
    <div className={styles.page}>
      <p className={styles.muted}>
        Daymark can remind you before a training session, when the morning briefing is ready, when the evening journal
        is still empty, on Sunday when next week has no plan, and when a calendar connection has expired.
      </p>
      <WhenCard settings={settings} zone={timezone} onDirtyChange={unsaved.onWhenDirty} />
      <ChannelList channels={channels} emailAvailable={email_available} onDirtyChange={unsaved.onEditDirty} />
      <Card
        aria-label="Add a channel"
        title="Add a channel"
        description="E-mail, an ntfy or Gotify server, or a webhook of your own."
      >
        {full ? (
          <p className={styles.muted}>{REMINDER_TEXTS.tooManyChannels} Delete one to add another.</p>
        ) : (
          <ChannelForm emailAvailable={email_available} onSaved={added} onDirtyChange={unsaved.onAddDirty} />
        )}
      </Card>
      <DevicePushCard publicKey={push_public_key} webpush={channels.find((c) => c.kind === 'webpush')} />
      <DeliveryLog zone={timezone} />
      {leaveGuard}
    </div>
  );
}
