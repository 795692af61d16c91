import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { settingsResponse } from '#common/api/settings.js';
import { canonicalTimeZone } from '#common/time.js';
import { messageOf, put } from '../../api/client';
import { meQuery } from '../../app/auth/session';
import { browserTimeZone, useTimeZone } from '../../app/time/useToday';
import { Button, Card, useToast } from '../../ui';
import { calendarKeys } from './api';
import styles from './settings.module.css';
import { TimeZonePicker } from './TimeZonePicker';

/** The account's time zone: what today, weeks and event times mean on every screen. */
export function TimeZoneCard() {
  const qc = useQueryClient();
  const toast = useToast();
  // A zone stored by an older name (Asia/Calcutta) is shown, and saved, by today's (Asia/Kolkata).
  const stored = useTimeZone();
  const current = canonicalTimeZone(stored) ?? stored;
  const [zone, setZone] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const browser = canonicalTimeZone(browserTimeZone()) ?? browserTimeZone();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await put('/settings', { timezone: zone }, { schema: settingsResponse });
      await qc.invalidateQueries({ queryKey: meQuery.queryKey });
      void qc.invalidateQueries({ queryKey: calendarKeys.all });
      toast.success('Time zone saved');
    } catch (err) {
      setError(messageOf(err, 'Failed to save the time zone'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Time zone" description="Today, weeks and event times follow this zone on every device.">
      <form className={styles.zoneForm} onSubmit={save}>
        <TimeZonePicker
          value={zone}
          onChange={setZone}
          browserZone={browser}
          error={error ?? undefined}
          hint={browser !== current ? `This browser is set to ${browser.replaceAll('_', ' ')}.` : undefined}
        />
        <Button
          type="submit"
          variant="primary"
          loading={saving}
          loadingText="Saving..."
          disabled={zone === current && stored === current}
        >
          Save Time Zone
        </Button>
      </form>
    </Card>
  );
}
