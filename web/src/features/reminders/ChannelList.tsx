import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHANNEL_LABELS,
  type Channel,
  REMINDER_KIND_LABELS,
  REMINDER_KINDS,
  REMINDER_TEXTS,
  type TestResult,
} from '#common/api/reminders.js';
import { messageOf } from '../../api/client';
import { Button, Card, Checkbox, ConfirmDialog, EmptyState, Pill, useToast } from '../../ui';
import { AlertIcon } from '../../ui/icons';
import { channelSaved, channelsChanged, remindersApi } from './api';
import { ChannelForm, DETAIL_TEXTS } from './ChannelForm';
import { channelInputFrom } from './forms';
import styles from './Reminders.module.css';

const devicesText = (n: number) => (n === 0 ? 'No device yet' : n === 1 ? '1 device' : `${n} devices`);

interface ItemProps {
  channel: Channel;
  emailAvailable: boolean;
  editing: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  onDelete: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function ChannelItem({ channel: c, emailAvailable, editing, onEdit, onEditDone, onDelete, onDirtyChange }: ItemProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const editButton = useRef<HTMLButtonElement>(null);
  const [testing, setTesting] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  // Set when the form closes: once the channel is shown again, its Edit button takes the focus.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await remindersApi.testChannel(c.id));
    } catch (err) {
      setResult({ ok: false, message: messageOf(err, 'The test could not be sent. Please try again.') });
    } finally {
      setTesting(false);
      // A test that went through starts a stopped channel again; the log has a new line either way.
      void channelsChanged(qc);
    }
  };

  const setEnabled = async (enabled: boolean) => {
    setSwitching(true);
    setResult(null);
    try {
      channelSaved(qc, await remindersApi.updateChannel(c.id, channelInputFrom(c, enabled, window.location.origin)));
    } catch (err) {
      setResult({ ok: false, message: messageOf(err, 'The channel could not be changed. Please try again.') });
    } finally {
      setSwitching(false);
    }
  };

  const finishEdit = (saved?: Channel) => {
    if (saved) {
      channelSaved(qc, saved);
      toast.success(REMINDER_TEXTS.channelSaved);
    }
    // Back on the button that opened the form, once it is shown again.
    refocus.current = true;
    onEditDone();
  };

  const carried = REMINDER_KINDS.filter((k) => c.kinds.includes(k));
  return (
    <li className={styles.channel}>
      <div className={styles.channelHead}>
        <h3 className={styles.channelName}>{c.label}</h3>
        {/* The kind, unless the name already says it (this app's notifications are named after it). */}
        {c.label !== CHANNEL_LABELS[c.kind] && <Pill tone="accent">{CHANNEL_LABELS[c.kind]}</Pill>}
        {!c.enabled && <Pill tone="outline">Off</Pill>}
        {c.broken_at && <Pill tone="danger">Stopped</Pill>}
      </div>

      {c.broken_at && (
        <div className={styles.broken}>
          <AlertIcon aria-hidden="true" />
          <div>
            <p className={styles.brokenTitle}>{REMINDER_TEXTS.brokenNotice(c.label)}</p>
            {c.last_error && <p>Last error: {c.last_error}</p>}
            <p>Send a test or save the channel to start it again.</p>
          </div>
        </div>
      )}

      {editing ? (
        <div className={styles.editing}>
          <ChannelForm
            channel={c}
            emailAvailable={emailAvailable}
            onSaved={finishEdit}
            onCancel={() => finishEdit()}
            onDirtyChange={onDirtyChange}
          />
        </div>
      ) : (
        <>
          <dl className={styles.meta}>
            <dt>{c.kind === 'webpush' ? 'Devices' : 'Sends to'}</dt>
            <dd>{c.kind === 'webpush' ? devicesText(c.devices) : c.target}</dd>
            <dt>Reminders</dt>
            <dd>
              {carried.length === 0 ? (
                'None: tests only'
              ) : (
                <ul className={styles.kinds}>
                  {carried.map((k) => (
                    <li key={k}>{REMINDER_KIND_LABELS[k]}</li>
                  ))}
                </ul>
              )}
            </dd>
            <dt>Says</dt>
            <dd>{DETAIL_TEXTS[c.detail].label}</dd>
          </dl>
          <div className={styles.channelActions}>
            <Checkbox
              role="switch"
              className={styles.inlineSwitch}
              label="Send reminders"
              aria-label={`Send reminders through ${c.label}`}
              checked={c.enabled}
              disabled={switching}
              onChange={(e) => void setEnabled(e.target.checked)}
            />
            <Button
              size="sm"
              onClick={test}
              loading={testing}
              loadingText="Sending…"
              aria-label={`Send a test to ${c.label}`}
            >
              Send a test
            </Button>
            <Button ref={editButton} size="sm" onClick={onEdit} aria-label={`Edit ${c.label}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${c.label}`}>
              Delete
            </Button>
          </div>
        </>
      )}
      <p role="status" className={styles.result} data-ok={result ? String(result.ok) : undefined}>
        {result ? `${result.ok ? '✓' : '✗'} ${result.message}` : ''}
      </p>
    </li>
  );
}

export interface ChannelListProps {
  channels: Channel[];
  emailAvailable: boolean;
  onDirtyChange: (label: string | null) => void;
}

/** "Channels": each with what it carries, its switch, a test, edit and delete (which asks first). */
export function ChannelList({ channels, emailAvailable, onDirtyChange }: ChannelListProps) {
  const qc = useQueryClient();
  // The list's card, where focus goes once a deleted channel's buttons are gone.
  const card = useRef<HTMLElement>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The channel the delete dialog names (kept while the dialog closes).
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [asking, setAsking] = useState(false);
  const editingLabel = useRef('');
  editingLabel.current = channels.find((c) => c.id === editingId)?.label ?? '';
  const onEditDirty = useCallback(
    (dirty: boolean) => onDirtyChange(dirty ? editingLabel.current : null),
    [onDirtyChange],
  );

  return (
    <Card
      ref={card}
      tabIndex={-1}
      className={styles.focusTarget}
      aria-label="Channels"
      title="Channels"
      description="Where your reminders go. Each one can carry some or all of them."
    >
      {channels.length === 0 ? (
        <EmptyState compact title="No channels yet" message="Add one below, or turn on notifications on this device." />
      ) : (
        <ul className={styles.list} aria-label="Reminder channels">
          {channels.map((c) => (
            <ChannelItem
              key={c.id}
              channel={c}
              emailAvailable={emailAvailable}
              editing={c.id === editingId}
              onEdit={() => setEditingId(c.id)}
              onEditDone={() => setEditingId(null)}
              onDelete={() => {
                setDeleting(c);
                setAsking(true);
              }}
              onDirtyChange={onEditDirty}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        returnFocus={card}
        title={deleting ? `Delete ${deleting.label}?` : 'Delete this channel?'}
        message={
          deleting
            ? `Reminders will no longer go to ${deleting.label}, and its entries in the delivery log are deleted too.`
            : ''
        }
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remindersApi.deleteChannel(deleting.id);
          } catch (err) {
            throw new Error(messageOf(err, 'The channel could not be deleted. Please try again.'));
          }
          if (deleting.id === editingId) setEditingId(null);
          await channelsChanged(qc);
        }}
      />
    </Card>
  );
}
