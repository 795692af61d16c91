import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CALENDAR_TEXT,
  type CalendarItem,
  type JournalTitle,
  type SaveSyncSettings,
  SETTINGS_REDIRECT_MS,
  SETTINGS_SAVED_MS,
  type SyncSettings,
  type WriteTarget,
} from '#common/api/calendar.js';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Button, Card, Checkbox, ErrorState, LoadingState, Select, useToast } from '../../ui';
import { calendarApi, calendarKeys } from './api';
import styles from './settings.module.css';

type Form = Required<SaveSyncSettings>;

const formOf = (s: SyncSettings): Form => ({
  auto_sync: s.auto_sync,
  sync_workouts: s.sync_workouts,
  sync_journal: s.sync_journal,
  selected_calendars: s.selected_calendars,
  journal_calendar: s.journal_calendar,
  journal_title: s.journal_title,
});

const sameForm = (a: Form, b: Form) => JSON.stringify(a) === JSON.stringify(b);

/** Where entries go now, in the calendar's own name (null: no calendar takes them). */
const goesTo = (target: WriteTarget | null) =>
  target ? `They go to your calendar “${target.summary}”.` : 'No connected calendar takes them yet.';

const JOURNAL_TITLE_OPTIONS: Array<{ value: JournalTitle; label: string }> = [
  { value: 'journal', label: 'Journal (nothing more)' },
  { value: 'goal', label: "Journal: and the day's personal goal" },
];

function CalendarChoice({
  calendar,
  checked,
  onChange,
}: {
  calendar: CalendarItem;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const swatch = { '--swatch': calendar.backgroundColor } as CSSProperties;
  return (
    <li className={styles.calendarChoice} style={swatch}>
      <Checkbox
        label={
          <span className={styles.calendarName}>
            <span className={styles.swatch} aria-hidden="true" />
            {calendar.summary}
            {calendar.primary && <span className={styles.badge}>Primary</span>}
            {!calendar.writable && <span className={styles.badge}>Read-only</span>}
            {calendar.expired && (
              <span className={styles.badge} data-state="expired">
                Expired
              </span>
            )}
          </span>
        }
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </li>
  );
}

/**
 * Sync settings and calendar selection (§3, §4): a save shows its message for 3 s (as a notice,
 * so it stays readable after the page moves on) and returns to /dashboard after 1 s.
 * `connected`: a connection works, so the calendars are listed (an expired connection's marked
 * Expired: they stay in the selection, their events come back on reconnecting); `expired`: the
 * only connections are expired.
 */
export function SyncSettingsCard({ connected, expired }: { connected: boolean; expired: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const settings = useQuery({ queryKey: calendarKeys.settings, queryFn: calendarApi.syncSettings });
  const calendars = useQuery({ queryKey: calendarKeys.calendars, queryFn: calendarApi.calendars, enabled: connected });
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  useEffect(() => {
    if (settings.data) setForm(formOf(settings.data));
  }, [settings.data]);
  const dirty = !!form && !!settings.data && !sameForm(form, formOf(settings.data));
  const leaveGuard = useLeaveGuard(dirty, 'your calendar sync settings');

  if (settings.isPending || !form) {
    return settings.isError ? (
      <Card title="Sync settings">
        <ErrorState compact message={settings.error.message} onRetry={() => settings.refetch()} />
      </Card>
    ) : (
      <Card title="Sync settings">
        <LoadingState message="Loading sync settings..." />
      </Card>
    );
  }

  const selected = new Set(form.selected_calendars);
  const list = calendars.data ?? [];
  const targets = settings.data?.targets ?? { workouts: null, journal: null };
  const journalChoices = list.filter((c) => c.writable && !c.expired);
  // An empty selection means every calendar; the boxes show that as all ticked.
  const isChecked = (id: string) => selected.size === 0 || selected.has(id);
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected.size === 0 ? list.map((c) => c.id) : selected);
    if (checked) next.add(id);
    else next.delete(id);
    // At least one calendar stays ticked: an empty list would mean "every calendar" again.
    if (next.size === 0) return;
    const all = list.every((c) => next.has(c.id));
    setForm({ ...form, selected_calendars: all ? [] : [...next] });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaving(true);
    try {
      const saved = await calendarApi.saveSyncSettings(form);
      qc.setQueryData(calendarKeys.settings, saved);
      void qc.invalidateQueries({ queryKey: calendarKeys.events });
      toast.show('Settings saved successfully', { tone: 'success', duration: SETTINGS_SAVED_MS });
      redirect.current = window.setTimeout(() => void navigate('/dashboard'), SETTINGS_REDIRECT_MS);
    } catch {
      setError(CALENDAR_TEXT.saveFailed);
      setSaving(false);
    }
  };

  return (
    <Card title="Sync settings" description="What Daymark reads from and writes to your calendars.">
      <form className={styles.form} onSubmit={save}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Sync</legend>
          <Checkbox
            label="Sync automatically"
            hint="Refresh connected calendars in the background."
            checked={form.auto_sync}
            onChange={(e) => setForm({ ...form, auto_sync: e.target.checked })}
          />
          <Checkbox
            label="Add workouts to my calendar"
            hint={`Each generated workout plan is added to your calendar as an all-day entry. ${goesTo(targets.workouts)}`}
            checked={form.sync_workouts}
            onChange={(e) => setForm({ ...form, sync_workouts: e.target.checked })}
          />
          <Checkbox
            label="Sync journal"
            hint={`Each day's journal note is added to your calendar as an all-day entry. ${goesTo(targets.journal)}`}
            checked={form.sync_journal}
            onChange={(e) => setForm({ ...form, sync_journal: e.target.checked })}
          />
          {connected && journalChoices.length > 0 && (
            <div className={styles.journalChoices}>
              <Select
                label="Journal calendar"
                hint="A calendar only you see keeps your journal private."
                value={form.journal_calendar ?? ''}
                onChange={(e) => setForm({ ...form, journal_calendar: e.target.value || null })}
                options={[
                  {
                    value: '',
                    label: targets.workouts ? `Same as workouts (${targets.workouts.summary})` : 'Same as workouts',
                  },
                  ...journalChoices.map((c) => ({ value: c.id, label: c.summary })),
                ]}
              />
              <Select
                label="Journal entry title"
                hint="Others who see the calendar see this title."
                value={form.journal_title}
                onChange={(e) => setForm({ ...form, journal_title: e.target.value as JournalTitle })}
                options={JOURNAL_TITLE_OPTIONS}
              />
            </div>
          )}
        </fieldset>
        <fieldset className={styles.fieldset} aria-describedby="calendars-hint">
          <legend className={styles.legend}>Calendars</legend>
          <p id="calendars-hint" className={styles.muted}>
            Events of the ticked calendars are shown and given to your coaches; workouts go to the first ticked calendar
            that accepts events.
          </p>
          {expired ? (
            <p className={styles.muted}>Reconnect Google Calendar above to choose which calendars are shown.</p>
          ) : !connected ? (
            <p className={styles.muted}>Connect a calendar to choose which ones are shown.</p>
          ) : calendars.isPending ? (
            <LoadingState message="Loading calendars..." />
          ) : calendars.isError ? (
            <ErrorState compact message={calendars.error.message} onRetry={() => calendars.refetch()} />
          ) : list.length === 0 ? (
            <p className={styles.muted}>No calendars found.</p>
          ) : (
            <ul className={styles.calendarChoices}>
              {list.map((c) => (
                <CalendarChoice
                  key={c.id}
                  calendar={c}
                  checked={isChecked(c.id)}
                  onChange={(checked) => toggle(c.id, checked)}
                />
              ))}
            </ul>
          )}
        </fieldset>
        {error && (
          <p role="alert" className={styles.errorText}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={saving} loadingText="Saving...">
            Save Settings
          </Button>
        </div>
      </form>
      {leaveGuard}
    </Card>
  );
}
