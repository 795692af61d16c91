import { AI_TEXTS } from '../../../../common/src/aiTexts.js';
import type { PlanningMessage, WeeklyFields } from '../../../../common/src/api/weekly.js';
import { addDays } from '../../../../common/src/time.js';
import type { PlanningData } from './planningData.js';

/**
 * The planning coach without an AI provider: a deterministic guide that asks the week's
 * questions in order (review, intention, constraints, goals), each grounded in the user's own
 * data, and proposes goals from it. The same inputs always give the same reply.
 */

type Step = 'review' | 'intention' | 'constraints' | 'goals';
const STEPS: Step[] = ['review', 'intention', 'constraints', 'goals'];

const norm = (s: string) => s.trim().toLowerCase();
const bullets = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

/** Lines of the user's message written as a list: the goals the user states come first. */
function statedGoals(message: string): string[] {
  return message
    .split('\n')
    .map((l) => /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/s.exec(l)?.[1]?.trim() ?? '')
    .filter((l) => l.length > 0 && l.length <= 200);
}

/** Up to three goals from the user's words and data that the plan does not have yet. */
export function proposeGoals(d: PlanningData, plan: WeeklyFields, userMessage: string): string[] {
  const have = new Set(plan.meta_goals.filter((g) => g.trim()).map(norm));
  const carried = d.lastWeek.goals.map((g) => `Finish: ${g}`);
  const candidates = [
    ...statedGoals(userMessage),
    ...d.summary.open_loops.map((l) => `Close the loop: ${l}`),
    ...d.summary.priorities,
    ...carried,
    ...d.openTodos,
  ];
  const out: string[] = [];
  for (const c of candidates) {
    const t = c.trim().slice(0, 200);
    if (!t || have.has(norm(t))) continue;
    have.add(norm(t));
    out.push(t);
    if (out.length === 3) break;
  }
  return out;
}

const answered = (step: Step, plan: WeeklyFields) =>
  step === 'review'
    ? Boolean(plan.weekly_review.trim())
    : step === 'intention'
      ? Boolean(plan.weekly_intention.trim())
      : step === 'constraints'
        ? Boolean(plan.constraints.trim())
        : plan.meta_goals.filter((g) => g.trim()).length >= 3;

function question(step: Step, d: PlanningData): string {
  switch (step) {
    case 'review': {
      const last = d.lastWeek.exists
        ? d.lastWeek.goals.length
          ? `Last week you set these goals:\n${bullets(d.lastWeek.goals)}\n\n`
          : 'Last week you had a plan without goals.\n\n'
        : '';
      const wins = d.summary.wins.length ? `Your notes mention these wins:\n${bullets(d.summary.wins)}\n\n` : '';
      return `${last}${wins}**How did last week go?** What got done, and what did not?`;
    }
    case 'intention': {
      const energy =
        d.summary.average_energy !== null ? ` Your average energy was ${d.summary.average_energy}/10 lately.` : '';
      return `**What is your intention for this week**, in one sentence?${energy}`;
    }
    case 'constraints': {
      const end = addDays(d.week, 6);
      const thisWeek = d.events.filter((e) => e.start.slice(0, 10) >= d.week && e.start.slice(0, 10) <= end);
      const meetings = thisWeek.length
        ? `You have ${thisWeek.length} calendar events this week, starting with:\n${bullets(thisWeek.slice(0, 5).map((e) => `${e.start.replace('T', ' ').slice(0, 16)} ${e.title}`))}\n\n`
        : '';
      const challenges = d.summary.challenges.length
        ? `Challenges you noted:\n${bullets(d.summary.challenges)}\n\n`
        : '';
      return `${meetings}${challenges}**What constraints do you have this week?** Meetings, travel, energy, family.`;
    }
    case 'goals':
      return '**Which three outcomes would make this week a success?** Write them as a list and I will add them to your goals.';
  }
}

function dataSummary(d: PlanningData): string {
  const r = d.reflections;
  const parts = [
    r.has_reflections
      ? `${r.morning_reflections.length} morning and ${r.evening_reflections.length} evening reflections since ${r.from}`
      : 'no daily reflections yet for this period',
    `${d.openTodos.length} open todos`,
    `${d.events.length} calendar events in the next two weeks`,
    d.lastWeek.exists ? "last week's plan" : 'no plan for last week',
  ];
  return `I'm looking at ${parts.join(', ')}.`;
}

/** The guide's reply to one turn (an empty userMessage opens the conversation). */
export function planningGuideReply(
  d: PlanningData,
  plan: WeeklyFields,
  userMessage: string,
  conversation: PlanningMessage[],
  isNewPlan: boolean,
): { content: string; goals: string[] } {
  const opening = !userMessage.trim();
  const asked = conversation.filter((m) => m.role === 'assistant').length;
  const open = STEPS.filter((s) => !answered(s, plan));
  // Each turn moves one question on; answered questions are skipped, and the goals question stays last.
  const step = open[Math.min(opening ? 0 : asked, Math.max(open.length - 1, 0))] ?? 'goals';
  const goals = proposeGoals(d, plan, userMessage);
  const head = opening
    ? `${isNewPlan ? `Let's plan the week of ${d.week}.` : `Let's look at your plan for the week of ${d.week}.`} ${dataSummary(d)}`
    : statedGoals(userMessage).length
      ? 'Thanks, those are clear outcomes.'
      : 'Thanks, noted.';
  const suggestion = goals.length ? `\n\n**Suggested goals:**\n${bullets(goals)}` : '';
  const note = `\n\n_${AI_TEXTS.planningGuideNote}_`;
  return { content: `${head}\n\n${question(step, d)}${suggestion}${note}`, goals };
}
