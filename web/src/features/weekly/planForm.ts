import { type CalendarEvent, calendarEvent } from '#common/api/calendar.js';
import type { SaveWeeklyPlanRequest, SimplifiedEvent, WeeklyPlan } from '#common/api/weekly.js';
import { WEEKLY_DEFAULT_CONTENT } from '#common/journalConstants.js';
import { META_GOAL_SLOTS } from '#common/weeklyTexts.js';

/** What the user edits in the weekly planning editor. */
export interface PlanForm {
  weekly_review: string;
  meta_goals: string[];
  constraints: string;
  brain_dump: string;
  weekly_intention: string;
  /** Additional thoughts (the entry's content). */
  content: string;
}

export function formOf(plan: WeeklyPlan | undefined): PlanForm {
  const d = plan?.structured_data;
  const goals = [...(d?.meta_goals ?? [])];
  while (goals.length < META_GOAL_SLOTS) goals.push('');
  return {
    weekly_review: d?.weekly_review ?? '',
    meta_goals: goals,
    constraints: d?.constraints ?? '',
    brain_dump: d?.brain_dump ?? '',
    weekly_intention: d?.weekly_intention ?? '',
    content: plan?.content && plan.content !== WEEKLY_DEFAULT_CONTENT ? plan.content : '',
  };
}

/** Whether two forms differ in anything the user wrote (blank goal slots do not count). */
export function formsDiffer(a: PlanForm, b: PlanForm): boolean {
  const key = (f: PlanForm) =>
    JSON.stringify([
      f.weekly_review,
      f.meta_goals.map((g) => g.trim()).filter(Boolean),
      f.constraints,
      f.brain_dump,
      f.weekly_intention,
      f.content.trim(),
    ]);
  return key(a) !== key(b);
}

/**
 * The save's body: the fields, and the week's events both as the calendar gave them and
 * simplified (the plan stores both).
 */
export function requestOf(
  form: PlanForm,
  events: SimplifiedEvent[],
  calendarEvents: CalendarEvent[],
): SaveWeeklyPlanRequest {
  return { ...form, simplified_calendar_events: events, calendar_events: calendarEvents };
}

/** The calendar events a saved plan holds, those still in the calendar's shape (older plans may hold others). */
export function storedCalendarEvents(plan: WeeklyPlan): CalendarEvent[] {
  return plan.structured_data.calendar_events.flatMap((e) => {
    const parsed = calendarEvent.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
}
