import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  CHANNEL_LABELS,
  type Channel,
  type ChannelKind,
  DETAIL_LEVELS,
  type DetailLevel,
  REMINDER_KIND_LABELS,
  REMINDER_KINDS,
  REMINDER_LIMITS,
  REMINDER_TEXTS,
} from '#common/api/reminders.js';
import { messageOf } from '../../api/client';
import { Button, Checkbox, Select, TextField } from '../../ui';
import { focusFirstInvalid } from '../../ui/Field';
import { remindersApi } from './api';
import {
  type ChannelField,
  channelFormOf,
  channelInputOf,
  checkChannel,
  FORM_KINDS,
  type ChannelForm as Form,
  hasErrors,
  newChannelForm,
  sameChannelForm,
} from './forms';
import styles from './Reminders.module.css';

export const DETAIL_TEXTS: Record<DetailLevel, { label: string; hint: string }> = {
  titles: {
    label: 'Titles only',
    hint: 'Only what the reminder is about: nothing from your journal, meetings or briefing text.',
  },
  details: {
    label: 'With details',
    hint: 'Adds the details, such as the workout or the morning briefing’s summary.',
  },
};

/** The kind a new channel starts with: e-mail when this server can send it. */
export const firstKind = (emailAvailable: boolean): ChannelKind => (emailAvailable ? 'email' : 'ntfy');

export interface ChannelFormProps {
  /** The channel being edited; absent: a new one. */
  channel?: Channel;
  emailAvailable: boolean;
  onSaved: (channel: Channel) => void;
  onCancel?: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Adds a channel, or edits one: the kind's own fields, a name, how much reminders say, and which
 * reminders it carries. Checked before sending (the first field to fix gets focus); a saved
 * secret is kept when its field is left empty.
 */
export function ChannelForm({ channel, emailAvailable, onSaved, onCancel, onDirtyChange }: ChannelFormProps) {
  const id = useId();
  const root = useRef<HTMLFormElement>(null);
  const [initial, setInitial] = useState<Form>(() =>
    channel ? channelFormOf(channel) : newChannelForm(firstKind(emailAvailable)),
  );
  const [form, setForm] = useState<Form>(initial);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = !sameChannelForm(form, initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const checked = checkChannel(form, channel);
  const errors = tried ? checked : {};
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggleKind = (kind: (typeof REMINDER_KINDS)[number], on: boolean) =>
    setForm((f) => ({ ...f, kinds: on ? [...f.kinds, kind] : f.kinds.filter((k) => k !== kind) }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    if (hasErrors(checked)) {
      flushSync(() => setTried(true));
      focusFirstInvalid(root.current);
      return;
    }
    setSaving(true);
    try {
      const input = channelInputOf(form, channel?.enabled ?? true, window.location.origin);
      const saved = channel
        ? await remindersApi.updateChannel(channel.id, input)
        : await remindersApi.createChannel(input);
      setTried(false);
      if (!channel) {
        // Ready for the next one: the same kind, empty fields.
        const next = newChannelForm(form.kind);
        setInitial(next);
        setForm(next);
      }
      onSaved(saved);
    } catch (err) {
      setServerError(messageOf(err, 'The channel could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const text = (field: ChannelField, props: Parameters<typeof TextField>[0]) => (
    <TextField
      {...props}
      value={form[field]}
      onChange={(e) => set(field, e.target.value)}
      error={errors[field]}
      required={props.required}
    />
  );
  /** A token or secret: never shown back; empty on an edit keeps the saved one. */
  const secret = (field: 'token' | 'secret', label: string, hint: string, required: boolean) => {
    const kept = !!channel?.has_secret;
    return text(field, {
      label: required ? label : `${label} (optional)`,
      type: 'password',
      autoComplete: 'off',
      spellCheck: false,
      maxLength: REMINDER_LIMITS.secretMax,
      placeholder: kept ? 'Saved' : undefined,
      hint: kept ? REMINDER_TEXTS.secretKept : hint,
      required: required && !kept,
    });
  };

  const kindOptions = FORM_KINDS.map((k) => ({
    value: k,
    label: k === 'email' && !emailAvailable ? `${CHANNEL_LABELS[k]} (not available)` : CHANNEL_LABELS[k],
    disabled: k === 'email' && !emailAvailable,
  }));

  return (
    <form
      ref={root}
      className={styles.form}
      onSubmit={save}
      noValidate
      aria-label={channel ? `Edit ${channel.label}` : 'Add a channel'}
    >
      {!channel && (
        <Select
          label="Send through"
          value={form.kind}
          onChange={(e) => set('kind', e.target.value as ChannelKind)}
          options={kindOptions}
          hint={emailAvailable ? undefined : REMINDER_TEXTS.emailUnavailable}
        />
      )}

      {form.kind === 'email' &&
        text('address', {
          label: 'E-mail address',
          type: 'email',
          autoComplete: 'email',
          inputMode: 'email',
          spellCheck: false,
          maxLength: REMINDER_LIMITS.emailMax,
          placeholder: 'me@example.org',
          required: true,
        })}
      {form.kind === 'ntfy' && (
        <>
          {text('server', {
            label: 'Server URL',
            type: 'url',
            inputMode: 'url',
            spellCheck: false,
            maxLength: REMINDER_LIMITS.urlMax,
            placeholder: 'https://ntfy.sh',
            hint: 'The public server is https://ntfy.sh; or the address of your own.',
            required: true,
          })}
          {text('topic', {
            label: 'Topic',
            spellCheck: false,
            autoCapitalize: 'off',
            maxLength: REMINDER_LIMITS.topicMax,
            hint: 'The topic you subscribed to in the ntfy app. On a public server, pick a name nobody would guess.',
            required: true,
          })}
          {secret('token', 'Access token', 'Only for a topic that needs one to publish.', false)}
        </>
      )}
      {form.kind === 'gotify' && (
        <>
          {text('server', {
            label: 'Server URL',
            type: 'url',
            inputMode: 'url',
            spellCheck: false,
            maxLength: REMINDER_LIMITS.urlMax,
            placeholder: 'https://gotify.example.org',
            required: true,
          })}
          {secret('token', 'App token', 'Create an application for Daymark in Gotify and paste its token.', true)}
        </>
      )}
      {form.kind === 'webhook' && (
        <>
          {text('url', {
            label: 'URL',
            type: 'url',
            inputMode: 'url',
            spellCheck: false,
            maxLength: REMINDER_LIMITS.urlMax,
            placeholder: 'https://example.org/hooks/daymark',
            hint: 'Each reminder is sent there as a JSON POST request.',
            required: true,
          })}
          {secret(
            'secret',
            'Signing secret',
            'Each request is signed with this key (HMAC-SHA256), so the receiver can check it came from Daymark.',
            true,
          )}
        </>
      )}

      {text('label', {
        label: 'Name',
        maxLength: REMINDER_LIMITS.labelMax,
        placeholder: 'e.g. My phone',
        hint: 'Shown in the list and in the delivery log.',
        required: true,
      })}

      <fieldset className={styles.group}>
        <legend className={styles.legend}>What reminders say</legend>
        <ul className={styles.choices}>
          {DETAIL_LEVELS.map((level) => (
            <li key={level}>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-detail`}
                  value={level}
                  checked={form.detail === level}
                  onChange={() => set('detail', level)}
                  aria-describedby={`${id}-detail-${level}`}
                />
                <span className={styles.choiceLabel}>{DETAIL_TEXTS[level].label}</span>
                <span id={`${id}-detail-${level}`} className={styles.choiceHint}>
                  {DETAIL_TEXTS[level].hint}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={styles.group} aria-describedby={`${id}-kinds-hint`}>
        <legend className={styles.legend}>Remind me</legend>
        <div>
          {REMINDER_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              label={REMINDER_KIND_LABELS[kind]}
              checked={form.kinds.includes(kind)}
              onChange={(e) => toggleKind(kind, e.target.checked)}
            />
          ))}
        </div>
        <p id={`${id}-kinds-hint`} className={styles.muted}>
          {form.kinds.length === 0
            ? 'None chosen: this channel gets only the tests you send.'
            : 'Each reminder goes to every channel that carries it.'}
        </p>
      </fieldset>

      {serverError && (
        <p role="alert" className={styles.errorText}>
          {serverError}
        </p>
      )}
      <div className={styles.actions}>
        {onCancel && (
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" loading={saving} loadingText="Saving…">
          {channel ? 'Save changes' : 'Add channel'}
        </Button>
      </div>
    </form>
  );
}
