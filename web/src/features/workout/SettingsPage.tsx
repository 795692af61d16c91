import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EquipmentAvailable, WorkoutPreferences } from '#common/api/workout.js';
import {
  DEFAULT_EQUIPMENT,
  DEFAULT_WORKOUT_PREFERENCES,
  DURATION_MAX,
  DURATION_MIN,
  EQUIPMENT_OPTIONS,
  SUCCESS_BANNER_MS,
  WORKOUT_MESSAGES,
} from '#common/workoutConstants.js';
import { ApiError } from '../../api/client';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Button, Card, Checkbox, ErrorState, LoadingState, TextField } from '../../ui';
import { TrainingRuleCard } from '../training/TrainingRuleCard';
import { api, useSettings, workoutKeys } from './api';
import { FormMessages, useTimedMessage } from './FormMessages';
import styles from './workout.module.css';

type Status = 'Online' | 'Error' | 'Offline';
const GROUPS: Array<{ key: keyof EquipmentAvailable; label: string }> = [
  { key: 'indoor', label: 'Indoor' },
  { key: 'home', label: 'Home' },
  { key: 'outdoor', label: 'Outdoor' },
];

function readJson<T>(text: string, fallback: T): T {
  try {
    return { ...fallback, ...JSON.parse(text) };
  } catch {
    return fallback;
  }
}

/** API: Online when /health answers ok, Error on an error response, Offline when unreachable. */
async function diagnose(): Promise<{ api: Status; llm: Status; llmDetail: string }> {
  let apiStatus: Status = 'Online';
  try {
    await api.health();
  } catch (err) {
    apiStatus = err instanceof ApiError ? 'Error' : 'Offline';
  }
  try {
    const h = await api.llmHealth();
    if (h.provider === 'none')
      return {
        api: apiStatus,
        llm: 'Offline',
        llmDetail: 'No AI provider configured: the offline planner writes your plans.',
      };
    const who = `${h.provider}${h.model ? ` · ${h.model}` : ''}`;
    return h.reachable
      ? { api: apiStatus, llm: 'Online', llmDetail: `${who} · ${h.latencyMs} ms` }
      : { api: apiStatus, llm: 'Error', llmDetail: `${who} · ${h.error ?? 'unreachable'}` };
  } catch (err) {
    return {
      api: apiStatus,
      llm: err instanceof ApiError ? 'Error' : 'Offline',
      llmDetail: 'The check could not run.',
    };
  }
}

/** The form's values as the saved settings give them. */
function savedForm(data: { equipmentAvailable: string; workoutPreferences: string }) {
  const prefs = readJson<WorkoutPreferences>(data.workoutPreferences, DEFAULT_WORKOUT_PREFERENCES);
  return {
    equipment: readJson(data.equipmentAvailable, DEFAULT_EQUIPMENT) as EquipmentAvailable,
    duration: String(prefs.preferredDuration),
    weather: prefs.weatherDependent,
  };
}

function sameEquipment(a: EquipmentAvailable, b: EquipmentAvailable): boolean {
  return GROUPS.every(({ key }) => {
    const x = [...a[key]].sort();
    const y = [...b[key]].sort();
    return x.length === y.length && x.every((v, i) => v === y[i]);
  });
}

export function SettingsPage() {
  const qc = useQueryClient();
  const settings = useSettings();
  const [equipment, setEquipment] = useState<EquipmentAvailable>(DEFAULT_EQUIPMENT);
  const [duration, setDuration] = useState(String(DEFAULT_WORKOUT_PREFERENCES.preferredDuration));
  const [weather, setWeather] = useState<boolean>(DEFAULT_WORKOUT_PREFERENCES.weatherDependent);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useTimedMessage(SUCCESS_BANNER_MS);
  const [diag, setDiag] = useState<Awaited<ReturnType<typeof diagnose>> | null>(null);
  const [checking, setChecking] = useState(false);
  // The training week's form, a section of its own, reports its unsaved changes here: one
  // question before leaving covers both forms.
  const [trainingDirty, setTrainingDirty] = useState(false);

  const stored = settings.data ? savedForm(settings.data) : null;
  useEffect(() => {
    if (!settings.data) return;
    const form = savedForm(settings.data);
    setEquipment(form.equipment);
    setDuration(form.duration);
    setWeather(form.weather);
  }, [settings.data]);

  // Unsaved: the form differs from the saved settings (ticked items compared in any order).
  const dirty =
    stored !== null &&
    (sameEquipment(equipment, stored.equipment) === false ||
      duration.trim() !== stored.duration ||
      weather !== stored.weather);
  const guard = useLeaveGuard(
    dirty || trainingDirty,
    dirty && trainingDirty
      ? 'your workout settings and your training week'
      : dirty
        ? 'your workout settings'
        : 'your training week',
  );

  if (settings.isPending) return <LoadingState message="Loading settings…" />;
  if (settings.isError)
    return <ErrorState message={WORKOUT_MESSAGES.loadSettings} onRetry={() => void settings.refetch()} />;

  const toggle = (group: keyof EquipmentAvailable, item: string, on: boolean) =>
    setEquipment((e) => ({
      ...e,
      [group]: on ? [...e[group], item] : e[group].filter((x) => x !== item),
    }));
  const minutes = Number(duration);
  const durationError =
    !Number.isInteger(minutes) || minutes < DURATION_MIN || minutes > DURATION_MAX
      ? `Enter a whole number of minutes from ${DURATION_MIN} to ${DURATION_MAX}.`
      : undefined;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (durationError) return;
    setSaving(true);
    setError(null);
    setSuccess(null);
    try {
      const saved = await api.saveSettings({
        equipmentAvailable: JSON.stringify(equipment),
        workoutPreferences: JSON.stringify({ weatherDependent: weather, preferredDuration: minutes }),
      });
      qc.setQueryData(workoutKeys.settings, saved);
      setSuccess('Settings saved.');
    } catch {
      setError(WORKOUT_MESSAGES.saveSettings);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card title="Equipment and preferences" description="Plans use only the equipment you tick here.">
        <form className={styles.settingsForm} onSubmit={save} noValidate>
          <div className={styles.equipmentGrid}>
            {GROUPS.map((g) => (
              <fieldset key={g.key} className={styles.equipmentGroup}>
                <legend>{g.label}</legend>
                {EQUIPMENT_OPTIONS[g.key].map((item) => (
                  <Checkbox
                    key={item}
                    label={item.charAt(0).toUpperCase() + item.slice(1)}
                    checked={(equipment[g.key] as readonly string[]).includes(item)}
                    onChange={(e) => toggle(g.key, item, e.target.checked)}
                  />
                ))}
              </fieldset>
            ))}
          </div>
          <div className={styles.prefs}>
            <TextField
              label="Preferred duration (minutes)"
              type="number"
              min={DURATION_MIN}
              max={DURATION_MAX}
              step={1}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              error={durationError}
            />
            <Checkbox
              label="My workouts depend on the weather"
              hint="No forecast is available: outdoor parts of a plan come with an indoor alternative."
              checked={weather}
              onChange={(e) => setWeather(e.target.checked)}
            />
          </div>
          <FormMessages error={error} success={success} />
          <div className={styles.row}>
            <Button type="submit" variant="primary" loading={saving}>
              Save Settings
            </Button>
          </div>
        </form>
      </Card>

      <TrainingRuleCard onDirtyChange={setTrainingDirty} />

      <Card
        title="API Diagnostics"
        description="Checks that the server and the AI provider answer."
        actions={
          <Button
            loading={checking}
            onClick={async () => {
              setChecking(true);
              setDiag(await diagnose());
              setChecking(false);
            }}
          >
            Run Diagnostics
          </Button>
        }
      >
        {diag && (
          <dl className={styles.diag}>
            <div>
              <dt>API</dt>
              <dd>
                <span className={styles.tag} data-kind={diag.api}>
                  {diag.api}
                </span>
              </dd>
            </div>
            <div>
              <dt>LLM</dt>
              <dd>
                <span className={styles.tag} data-kind={diag.llm}>
                  {diag.llm}
                </span>
                <span className={styles.muted}>{diag.llmDetail}</span>
              </dd>
            </div>
          </dl>
        )}
      </Card>
      {guard}
    </div>
  );
}
