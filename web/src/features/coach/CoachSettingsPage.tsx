import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CoachMeta } from '#common/api/coach.js';
import { COACH_LABELS, COACH_MESSAGES, COACH_TYPES } from '#common/coachTexts.js';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Button, Card, ConfirmDialog, ErrorState, LoadingState, TextArea, useToast } from '../../ui';
import { focusFirstInvalid } from '../../ui/Field';
import { fetchCoachMeta, resetAllCoachMeta, resetCoachMeta, saveCoachMeta } from './api';
import styles from './CoachSettings.module.css';

const META_KEY = ['coach', 'meta'] as const;

function useStoreMeta() {
  const qc = useQueryClient();
  return (m: CoachMeta) =>
    qc.setQueryData<CoachMeta[]>(META_KEY, (list) => list?.map((x) => (x.coach_type === m.coach_type ? m : x)));
}

type CoachType = CoachMeta['coach_type'];

function CoachSection({
  meta,
  onDirtyChange,
}: {
  meta: CoachMeta;
  /** Told whether this coach's form differs from its saved prompts. */
  onDirtyChange: (coach: CoachType, dirty: boolean) => void;
}) {
  const t = meta.coach_type;
  const store = useStoreMeta();
  const toast = useToast();
  const [form, setForm] = useState(meta);
  const [errors, setErrors] = useState<{ base?: string; details?: string }>({});
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setForm(meta), [meta]);
  const dirty =
    form.base_prompt !== meta.base_prompt ||
    form.system_prompt_addition !== meta.system_prompt_addition ||
    form.meta_content !== meta.meta_content;
  useEffect(() => onDirtyChange(t, dirty), [t, dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(t, false), [t, onDirtyChange]);

  const save = async () => {
    const next = {
      base: form.base_prompt.trim() ? undefined : COACH_MESSAGES.basePromptRequired,
      details: form.system_prompt_addition.trim() ? undefined : COACH_MESSAGES.detailsRequired,
    };
    flushSync(() => setErrors(next));
    if (next.base || next.details) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveCoachMeta(t, {
        meta_content: form.meta_content,
        base_prompt: form.base_prompt,
        system_prompt_addition: form.system_prompt_addition,
      });
      store(saved);
      toast.success(`${COACH_LABELS[t]} settings saved`);
    } catch {
      toast.error(COACH_MESSAGES.saveSettingsFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={
        <span className={styles.title}>
          {COACH_LABELS[t]}
          {meta.customized && <span className={styles.badge}>Customized</span>}
        </span>
      }
      description={
        meta.customized
          ? 'Your own prompts are in use.'
          : 'The built-in prompts are in use; edit them to make them yours.'
      }
      aria-label={`${COACH_LABELS[t]} settings`}
    >
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextArea
          label="Base prompt"
          hint="Who the coach is: its role and tone."
          rows={3}
          value={form.base_prompt}
          error={errors.base}
          onChange={(e) => setForm({ ...form, base_prompt: e.target.value })}
        />
        <TextArea
          label="System prompt details"
          hint="Detailed instructions: what to look at in your data and how to answer."
          rows={10}
          value={form.system_prompt_addition}
          error={errors.details}
          onChange={(e) => setForm({ ...form, system_prompt_addition: e.target.value })}
        />
        <TextArea
          label="User meta information"
          hint="What the coach should always know about you (optional), e.g. goals, constraints, role."
          rows={5}
          value={form.meta_content}
          onChange={(e) => setForm({ ...form, meta_content: e.target.value })}
        />
        <div className={styles.actions}>
          <Button onClick={() => setConfirmReset(true)} disabled={saving}>
            Reset to Defaults
          </Button>
          <Button type="submit" variant="primary" loading={saving} loadingText="Saving..." disabled={!dirty}>
            Save
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={`Reset ${COACH_LABELS[t]}?`}
        message="The base prompt and the detailed instructions go back to the built-in defaults. Your meta information stays."
        confirmLabel="Reset"
        onConfirm={async () => {
          try {
            store(await resetCoachMeta(t));
            setErrors({});
            toast.success(`${COACH_LABELS[t]} reset to defaults`);
          } catch {
            toast.error(COACH_MESSAGES.resetSettingsFailed);
          }
        }}
      />
    </Card>
  );
}

/** /dashboard/coach-settings: the prompts of the three coaches. */
export function CoachSettingsPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [confirmAll, setConfirmAll] = useState(false);
  const query = useQuery({ queryKey: META_KEY, queryFn: () => Promise.all(COACH_TYPES.map(fetchCoachMeta)) });
  // The coaches whose form has unsaved changes: leaving the page asks first.
  const [dirty, setDirty] = useState<CoachType[]>([]);
  const onDirtyChange = useCallback(
    (coach: CoachType, isDirty: boolean) =>
      setDirty((list) =>
        isDirty === list.includes(coach) ? list : isDirty ? [...list, coach] : list.filter((c) => c !== coach),
      ),
    [],
  );
  const what =
    dirty.length === 1
      ? `the ${COACH_LABELS[dirty[0] as CoachType]} settings`
      : dirty.length > 1
        ? 'the coach settings'
        : '';
  const leaveGuard = useLeaveGuard(dirty.length > 0, what);
  if (query.isPending) return <LoadingState message="Loading coach settings..." />;
  if (query.isError)
    return (
      <ErrorState
        message={COACH_MESSAGES.loadSettingsFailed}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <p>
          Each coach's system prompt is its base prompt, then its detailed instructions, then your meta information,
          then your own data. Changes apply to the next message.
        </p>
        <Button variant="danger" onClick={() => setConfirmAll(true)}>
          Reset All
        </Button>
      </div>
      {query.data.map((m) => (
        <CoachSection key={m.coach_type} meta={m} onDirtyChange={onDirtyChange} />
      ))}
      {leaveGuard}
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Reset all coaches?"
        message="The prompts of all three coaches go back to the built-in defaults. Your meta information stays."
        confirmLabel="Reset All"
        onConfirm={async () => {
          try {
            const { coaches } = await resetAllCoachMeta();
            qc.setQueryData(META_KEY, coaches);
            toast.success('All coaches reset to defaults');
          } catch {
            toast.error(COACH_MESSAGES.resetAllFailed);
          }
        }}
      />
    </div>
  );
}
