import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { WeeklyPlan } from '#common/api/weekly.js';
import { MOBILE_BREAKPOINT_PX } from '#common/constants.js';
import { isValidDate } from '#common/time.js';
import { addedGoals, mergeGoals, simplifyEvent } from '#common/weeklyPlan.js';
import { WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { weekOf } from '#common/weekRules.js';
import { ApiError, messageOf } from '../../api/client';
import { useLeaveGuard } from '../../app/unsavedChanges';
import { Button, Card, ErrorState, LoadingState, useToast } from '../../ui';
import { longDate } from '../notes/api';
import { WeekSessionsList } from '../training/WeekSessionsList';
import { downloadExport, planKey, savePlan, useWeekCalendar, useWeeklyPlan } from './api';
import { CalendarPanel } from './CalendarPanel';
import { Panel } from './Panel';
import { PastConversation } from './PastConversation';
import { PlanFields } from './PlanFields';
import { PlanningChat } from './PlanningChat';
import { PromptsSidebar } from './PromptsSidebar';
import { formOf, formsDiffer, type PlanForm, requestOf, storedCalendarEvents } from './planForm';
import { ReflectionsPanel } from './ReflectionsPanel';
import { WeekDate } from './WeekDate';
import styles from './Weekly.module.css';

/** /notes/weekly/:date — any date opens its week (its Monday). */
export function WeeklyEditorRoute() {
  const { date = '' } = useParams();
  if (!isValidDate(date)) return <Navigate to="/notes" replace />;
  const week = weekOf(date);
  if (week !== date) return <Navigate to={`/notes/weekly/${week}`} replace />;
  return <Loader key={week} week={week} />;
}

function Loader({ week }: { week: string }) {
  const plan = useWeeklyPlan(week);
  if (plan.isPending) return <LoadingState message="Loading weekly plan…" />;
  if (plan.isError)
    return (
      <Card>
        <ErrorState message={WEEKLY_TEXT.loadFailed} onRetry={() => plan.refetch()} />
      </Card>
    );
  return <Editor plan={plan.data} />;
}

type Chat = null | 'new' | 'existing';

function Editor({ plan }: { plan: WeeklyPlan }) {
  const week = plan.date;
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const qc = useQueryClient();
  const [saved, setSaved] = useState<WeeklyPlan>(plan);
  const [form, setForm] = useState<PlanForm>(() => formOf(plan));
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [showCalendar, setShowCalendar] = useState(true);
  const [showReflections, setShowReflections] = useState(true);
  const [showTraining, setShowTraining] = useState(true);
  // On a phone the prompts would push the plan below the fold: they start hidden there.
  const [showPrompts, setShowPrompts] = useState(
    () => !window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches,
  );
  const [chat, setChat] = useState<Chat>(null);
  const editable = plan.week.editable;
  const dirty = formsDiffer(form, formOf(saved));
  const formRef = useRef(form);
  formRef.current = form;
  const getForm = useCallback(() => formRef.current, []);

  // Edits not saved yet: leaving the editor (a link, the tab bar, Back) asks first.
  const leaveGuard = useLeaveGuard(editable && dirty, "this week's plan");
  // The goals the coach added during this visit, shown in the chat until it closes.
  const [coachGoals, setCoachGoals] = useState<string[]>([]);

  const calendar = useWeekCalendar(week, true);
  // The week's events as the calendar gives them, else those the plan was saved with.
  const calendarEvents = useMemo(
    () => (calendar.data?.connected ? calendar.data.events : storedCalendarEvents(saved)),
    [calendar.data, saved],
  );
  const events = useMemo(
    () =>
      calendar.data?.connected
        ? calendar.data.events.map(simplifyEvent)
        : saved.structured_data.simplified_calendar_events,
    [calendar.data, saved],
  );

  /** Saves the plan; `quiet` skips the 'No changes' notice (autosave on closing the chat). */
  const save = async (quiet = false): Promise<boolean> => {
    if (!formsDiffer(formRef.current, formOf(saved)) && saved.exists) {
      if (!quiet) toast.show(WEEKLY_TEXT.noChanges);
      return true;
    }
    setSaving(true);
    try {
      const res = await savePlan(week, requestOf(formRef.current, events, calendarEvents));
      // At once, so that a navigation right after the save (another week) is not held as unsaved.
      flushSync(() => setSaved(res.plan));
      qc.setQueryData(planKey(week), res.plan);
      void qc.invalidateQueries({ queryKey: ['notes'] });
      if (res.saved) toast.success(res.message);
      else if (!quiet) toast.show(res.message);
      return true;
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 409 ? messageOf(err) : WEEKLY_TEXT.saveFailed);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const goTo = async (date: string, focusWeekDate = false) => {
    // Edits go with the week they were made for: save them before leaving it.
    if (editable && dirty && !(await save(true))) return;
    const state = { ...(location.state as object | null), focusWeekDate };
    navigate(`/notes/weekly/${weekOf(date)}`, { state });
  };

  const exportMarkdown = async () => {
    setExporting(true);
    try {
      if (editable && dirty && !(await save(true))) return;
      await downloadExport(week);
    } catch {
      toast.error(WEEKLY_TEXT.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const back = () => navigate((location.state as { from?: string } | null)?.from ?? '/notes');

  return (
    <Card
      className={styles.editor}
      id="weekly-editor"
      tabIndex={-1}
      aria-label="Weekly plan editor"
      title={`Weekly Planning — Week of ${longDate(week)}`}
      description={editable ? 'Plan the week ahead.' : undefined}
      actions={
        <Button size="sm" variant="ghost" onClick={back}>
          Back
        </Button>
      }
    >
      {!editable && (
        <p className={styles.banner} role="status">
          {WEEKLY_TEXT.readOnlyBanner}
        </p>
      )}
      <WeekDate
        week={week}
        onChange={(d) => void goTo(d, true)}
        focusOnMount={(location.state as { focusWeekDate?: boolean } | null)?.focusWeekDate === true}
      />
      <div className={styles.actions}>
        {editable && (
          <Button variant="primary" onClick={() => void save()} loading={saving} loadingText="Saving…">
            Save Weekly Plan
          </Button>
        )}
        {plan.week.can_create_next && (
          <Button onClick={() => void goTo(plan.week.next_week)}>Create Next Week's Plan</Button>
        )}
        <Button onClick={() => void exportMarkdown()} loading={exporting} disabled={!saved.exists && !dirty}>
          Export as Markdown
        </Button>
        {editable && !saved.exists && <Button onClick={() => setChat('new')}>Start New Plan with Coach</Button>}
        {editable && saved.exists && <Button onClick={() => setChat('existing')}>Chat with Coach</Button>}
        {!editable && <PastConversation week={week} />}
        <Button variant="ghost" aria-expanded={showPrompts} onClick={() => setShowPrompts(!showPrompts)}>
          {showPrompts ? 'Hide prompts' : 'Show prompts'}
        </Button>
      </div>
      <div className={styles.columns} data-prompts={showPrompts || undefined}>
        <div className={styles.main}>
          <CalendarPanel week={week} open={showCalendar} onToggle={() => setShowCalendar(!showCalendar)} />
          <Panel
            id="training-panel"
            title="Training sessions"
            open={showTraining}
            onToggle={() => setShowTraining(!showTraining)}
          >
            <WeekSessionsList date={week} />
          </Panel>
          <Panel
            id="reflections-panel"
            title="Reflections"
            open={showReflections}
            onToggle={() => setShowReflections(!showReflections)}
          >
            <ReflectionsPanel week={week} />
          </Panel>
          <PlanFields form={form} onChange={setForm} readOnly={!editable} />
        </div>
        {showPrompts && (
          <aside className={styles.sidebar} aria-label="Prompts">
            <h3 className={styles.panelTitle}>Prompts</h3>
            <PromptsSidebar />
          </aside>
        )}
      </div>
      {editable && (
        <PlanningChat
          open={chat !== null}
          week={week}
          isNewPlan={chat === 'new'}
          form={getForm}
          events={events}
          addedGoals={coachGoals}
          onGoals={(goals) => {
            // The coach's suggestions go into the plan's goals at once (only new ones are appended).
            const before = formRef.current.meta_goals;
            const merged = mergeGoals(before, goals);
            const added = addedGoals(before, merged);
            formRef.current = { ...formRef.current, meta_goals: merged };
            setForm(formRef.current);
            if (added.length) setCoachGoals((list) => [...list, ...added]);
          }}
          onClose={() => {
            setChat(null);
            setCoachGoals([]);
            // Closing the chat saves what the coach helped change.
            if (formsDiffer(formRef.current, formOf(saved))) void save(true);
          }}
        />
      )}
      {leaveGuard}
    </Card>
  );
}
