import type { ReflectionSummary, SimplifiedEvent, WeeklyFields, WeeklyReflections } from '#common/api/weekly.js';
import { addDays } from '#common/time.js';
import type { AppContext } from '../../context.js';
import { calendarAccess } from '../calendar/expiry.js';
import { listTodos } from '../todos/repo.js';
import { weekEvents } from './calendarSource.js';
import { loadReflections } from './reflections.js';
import { findPlanRow, structuredOf } from './service.js';

/** What the planning coach knows about the week, online and offline. */
export interface PlanningData {
  week: string;
  lastWeek: { exists: boolean; goals: string[]; intention: string; review: string };
  reflections: WeeklyReflections;
  summary: ReflectionSummary;
  openTodos: string[];
  events: SimplifiedEvent[];
  /** What the events leave out, in plain words (an expired Google connection's events). */
  calendarNotices: string[];
}

/** Events sent by the editor and events read on the server, once each (by start and title). */
function mergeEvents(a: SimplifiedEvent[], b: SimplifiedEvent[]): SimplifiedEvent[] {
  const seen = new Set<string>();
  return [...a, ...b]
    .filter((e) => {
      const key = `${e.start}|${e.title}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((x, y) => x.start.localeCompare(y.start));
}

export async function loadPlanningData(
  ctx: AppContext,
  userId: number,
  week: string,
  sentEvents: SimplifiedEvent[],
): Promise<PlanningData> {
  const last = await findPlanRow(ctx.db, userId, addDays(week, -7));
  const lastData = structuredOf(last);
  const reflections = await loadReflections(ctx.db, userId, week);
  const todos = await listTodos(ctx.db, userId, { completed: false });
  return {
    week,
    lastWeek: {
      exists: Boolean(last),
      goals: lastData.meta_goals.filter((g) => g.trim()),
      intention: lastData.weekly_intention,
      review: lastData.weekly_review,
    },
    reflections,
    summary: reflections.summary,
    openTodos: todos.map((t) => t.content),
    events: mergeEvents(sentEvents, await weekEvents(ctx, userId, week)),
    calendarNotices: (await calendarAccess(ctx.db, userId)).notices,
  };
}

const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

/** The week's data as text for the model (the caller puts it inside <user_data>). */
export function planningContext(
  d: PlanningData,
  plan: WeeklyFields & { content?: string },
  isNewPlan: boolean,
): string {
  const s = d.summary;
  const parts = [
    `## The week being planned: ${d.week} (${isNewPlan ? 'new plan' : 'existing plan'})`,
    `has_reflections: ${d.reflections.has_reflections}`,
    `### The plan so far\nWeekly review: ${plan.weekly_review || '(empty)'}\nIntention: ${plan.weekly_intention || '(empty)'}\nConstraints: ${plan.constraints || '(empty)'}\nBrain dump: ${plan.brain_dump || '(empty)'}\nMeta goals:\n${list(plan.meta_goals.map((g, i) => `Goal ${i + 1}: ${g || '(empty)'}`))}`,
    d.lastWeek.exists
      ? `### Last week's plan\nIntention: ${d.lastWeek.intention || '(none)'}\nGoals:\n${list(d.lastWeek.goals) || '(none)'}\nReview: ${d.lastWeek.review || '(none)'}`
      : "### Last week's plan\n(none)",
    `### Reflections: the latest daily notes up to ${d.reflections.to}${d.reflections.from ? `, from ${d.reflections.from}` : ''} (${d.reflections.morning_reflections.length} mornings, ${d.reflections.evening_reflections.length} evenings)`,
    s.priorities.length ? `Priorities:\n${list(s.priorities)}` : '',
    s.challenges.length ? `Challenges:\n${list(s.challenges)}` : '',
    s.wins.length ? `Wins:\n${list(s.wins)}` : '',
    s.frustrations.length ? `Frustrations:\n${list(s.frustrations)}` : '',
    s.open_loops.length ? `Open loops:\n${list(s.open_loops)}` : '',
    s.average_energy !== null ? `Average energy: ${s.average_energy}/10` : '',
    `### Open todos\n${list(d.openTodos.slice(0, 30)) || '(none)'}`,
    `### Calendar events of the two weeks from ${d.week}\n${list(d.events.slice(0, 60).map((e) => `${e.start} ${e.title}${e.location ? ` @ ${e.location}` : ''}`)) || '(none)'}${d.calendarNotices.map((n) => `\n${n}`).join('')}`,
  ];
  return parts.filter(Boolean).join('\n\n');
}
