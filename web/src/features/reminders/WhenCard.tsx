import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { REMINDER_LIMITS, REMINDER_TEXTS, type ReminderSettingsValue } from '#common/api/reminders.js';
import { messageOf } from '../../api/client';
import { Button, Card, Checkbox, TextField, useToast } from '../../ui';
import { focusFirstInvalid } from '../../ui/Field';
import { remindersApi, settingsSaved } from './api';
import { checkWhen, hasErrors, sameWhen, settingsOf, type WhenForm, whenFormOf } from './forms';
import styles from './Reminders.module.css';

/**
 * "When": minutes before a training session, the evening journal's and Sunday's plan times, and
 * quiet hours. Tells `onDirtyChange` while it holds unsaved changes (the page asks before leaving).
 */
export function WhenCard({
  settings,
  zone,
  onDirtyChange,
}: {
  settings: ReminderSettingsValue;
  zone: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const qc = useQueryClient();
  const toast = useToast();
  const root = useRef<HTMLFormElement>(null);
  const saved = useMemo(() => whenFormOf(settings), [settings]);
  const [form, setForm] = useState<WhenForm>(saved);
  // Settings read again (another tab saved them): taken over unless the form holds changes.
  const [lastSaved, setLastSaved] = useState(saved);
  if (lastSaved !== saved) {
    setLastSaved(saved);
    if (sameWhen(form, lastSaved)) setForm(saved);
  }
  const dirty = !sameWhen(form, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const checked = checkWhen(form);
  // Errors show once a save was tried, then follow the typing.
  const errors = tried ? checked : {};
  const set = <K extends keyof WhenForm>(key: K, value: WhenForm[K]) => setForm((f) => ({ ...f, [key]: value }));

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
      const next = await remindersApi.saveSettings(settingsOf(form));
      settingsSaved(qc, next);
      setTried(false);
      toast.success(REMINDER_TEXTS.saved);
    } catch (err) {
      setServerError(messageOf(err, 'Your reminder times could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-label="When" title="When" description={`Times are in your time zone (${zone}).`}>
      <form ref={root} className={styles.form} onSubmit={save} noValidate aria-label="When reminders come">
        <div className={styles.fields}>
          <TextField
            label="Minutes before a training session"
            type="number"
            inputMode="numeric"
            min={REMINDER_LIMITS.leadMin}
            max={REMINDER_LIMITS.leadMax}
            step={5}
            value={form.lead}
            onChange={(e) => set('lead', e.target.value)}
            error={errors.lead}
          />
          <TextField
            label="Evening journal reminder"
            type="time"
            hint="Only when the evening part of your journal is still empty."
            value={form.journal}
            onChange={(e) => set('journal', e.target.value)}
            error={errors.journal}
          />
          <TextField
            label="Sunday plan reminder"
            type="time"
            hint="Only when next week has no plan yet."
            value={form.weekly}
            onChange={(e) => set('weekly', e.target.value)}
            error={errors.weekly}
          />
        </div>

        <div className={styles.group}>
          <Checkbox
            role="switch"
            className={styles.switchRow}
            label="Quiet hours"
            hint={
              form.quiet
                ? 'No reminders are sent between these times. They may cross midnight, e.g. 22:00 to 07:00.'
                : 'Off: reminders may come at any time of the day or night.'
            }
            checked={form.quiet}
            onChange={(e) => set('quiet', e.target.checked)}
          />
          {form.quiet && (
            <div className={styles.pair}>
              <TextField
                label="Quiet from"
                type="time"
                value={form.quietStart}
                onChange={(e) => set('quietStart', e.target.value)}
                error={errors.quietStart}
              />
              <TextField
                label="Quiet until"
                type="time"
                value={form.quietEnd}
                onChange={(e) => set('quietEnd', e.target.value)}
                error={errors.quietEnd}
              />
            </div>
          )}
        </div>

        {serverError && (
          <p role="alert" className={styles.errorText}>
            {serverError}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={saving} loadingText="Saving…">
            Save reminder times
          </Button>
        </div>
      </form>
    </Card>
  );
}
