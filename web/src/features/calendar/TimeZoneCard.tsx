import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { settingsResponse } from '../../../../common/src/api/settings';
import { messageOf, put } from '../../api/client';
import { meQuery } from '../../app/auth/session';
import { browserTimeZone, useTimeZone } from '../../app/time/useToday';
import { Button, Card, Select, useToast } from '../../ui';
import { calendarKeys } from './api';
import styles from './settings.module.css';

function zoneNames(current: string): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  names.add(current);
  return [...names].sort();
}

/** The account's time zone: what today, weeks and event times mean on every screen. */
export function TimeZoneCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const current = useTimeZone();
  const [zone, setZone] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options = useMemo(
    () => zoneNames(current).map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
    [current],
  );
  const browser = browserTimeZone();

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
        <Select
          label="Time zone"
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          options={options}
          error={error ?? undefined}
          hint={browser !== current ? `This browser is set to ${browser.replaceAll('_', ' ')}.` : undefined}
        />
        <Button type="submit" variant="primary" loading={saving} loadingText="Saving..." disabled={zone === current}>
          Save Time Zone
        </Button>
      </form>
    </Card>
  );
}
