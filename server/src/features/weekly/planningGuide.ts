import { AI_TEXTS } from '#common/aiTexts.js';
import type { PlanningMessage, WeeklyFields } from '#common/api/weekly.js';
import { addDays } from '#common/time.js';
import { META_GOAL_SLOTS } from '#common/weeklyTexts.js';
import type { PlanningData } from './planningData.js';

/**
 * The planning coach without an AI provider: a deterministic guide that walks through the week's
 * questions in order (review, intention, constraints, goals), each grounded in the user's own
 * data, and ends with a summary of the week as the user described it and goals proposed from
 * their notes. Where it stands is read from the conversation: each question it asked carries its
 * wording, and the user's reply to it decides the next step. An answer moves it on; 'skip' moves
 * on without an answer; a short question back ('what do you mean?') explains the same question
 * again; goals written as a list count as the goals' answer whenever they come. A question whose
 * plan field is already filled is not asked. The same inputs always give the same reply.
 */

type Step = 'review' | 'intention' | 'constraints' | 'goals';
const STEPS: Step[] = ['review', 'intention', 'constraints', 'goals'];

/** The wording each question carries: how the guide finds, in the conversation, what it asked. */
export const GUIDE_QUESTIONS: Record<Step, string> = {
  review: '**How did last week go?**',
  intention: '**What is your intention for this week?**',
  constraints: '**What constraints do you have this week?**',
  goals: '**Which three outcomes would make this week a success?**',
};
export const GUIDE_SUMMARY = '**Your week as you described it**';

const EXPLAIN: Record<Step, string> = {
  review:
    'A short look back helps the new week: one or two lines on what got done, what did not, and what you learned.',
  intention: 'An intention is how you want the week to feel or what it is for, for example "calm, focused shipping".',
  constraints:
    'Constraints are what limits your time and energy: meetings, travel, deadlines, family, how rested you are.',
  goals: 'Goals are outcomes you can finish by Sunday. Write each on its own line starting with "-".',
};

const NOTE = `\n\n_${AI_TEXTS.planningGuideNote}_`;

const norm = (s: string) => s.trim().toLowerCase();
const bullets = (items: string[]) => items.map((i) => `- ${i}`).join('\n');
const cut = (s: string, n: number) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length > n ? `${t.slice(0, n).trimEnd()}…` : t;
};

/** Lines of the user's message written as a list: the goals the user states. */
export function statedGoals(message: string): string[] {
  return message
    .split('\n')
    .map((l) => /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/s.exec(l)?.[1]?.trim() ?? '')
    .filter((l) => l.length > 0 && l.length <= 200);
}

/** Every line a listed goal, or a short lead-in ('My goals:'): the message is the goals alone. */
function onlyGoals(message: string): boolean {
  const lines = message.split('\n').filter((l) => l.trim());
  return (
    statedGoals(message).length > 0 &&
    lines.every((l) => statedGoals(l).length > 0 || (l.trim().endsWith(':') && l.trim().length <= 40))
  );
}

type Reply = { kind: 'skip' } | { kind: 'clarify' } | { kind: 'answer'; text: string };

const SKIP = /^(skip|pass|next|no|none|nothing|n\/a|not sure|no idea|i don'?t know|dunno|-)[.!]?$/i;

/** What a reply to a question is, from what the user wrote. */
function replyOf(text: string): Reply {
  const t = text.trim();
  if (SKIP.test(t)) return { kind: 'skip' };
  if (t.endsWith('?') && !t.includes('\n') && t.length <= 120) return { kind: 'clarify' };
  return { kind: 'answer', text: t };
}

/** The step an earlier guide message asked (or the summary), by the wording it carries. */
function askedIn(content: string): Step | 'summary' | null {
  if (content.includes(GUIDE_SUMMARY)) return 'summary';
  return STEPS.find((s) => content.includes(GUIDE_QUESTIONS[s])) ?? null;
}

const filled = (step: Step, plan: WeeklyFields) =>
  step === 'review'
    ? Boolean(plan.weekly_review.trim())
    : step === 'intention'
      ? Boolean(plan.weekly_intention.trim())
      : step === 'constraints'
        ? Boolean(plan.constraints.trim())
        : plan.meta_goals.filter((g) => g.trim()).length >= META_GOAL_SLOTS;

/** Where the conversation stands: each step's answer, or that it was passed (goals listed pass the goals step). */
interface GuideState {
  answers: Partial<Record<Step, string>>;
  passed: Set<Step>;
  /** The step the user's newest message replied to, and what that reply was. */
  last: { step: Step | 'summary' | null; reply: Reply } | null;
}

function stateOf(conversation: PlanningMessage[], userMessage: string): GuideState {
  const state: GuideState = { answers: {}, passed: new Set(), last: null };
  const turns = [...conversation];
  if (userMessage.trim()) turns.push({ role: 'user', content: userMessage });
  let asked: Step | 'summary' | null = null;
  for (const m of turns) {
    if (m.role === 'assistant') {
      asked = askedIn(m.content);
      continue;
    }
    const reply = replyOf(m.content);
    if (statedGoals(m.content).length) state.passed.add('goals');
    // A message that only lists goals answers the goals, not the question it follows (asked again next).
    if (asked && asked !== 'summary' && !(asked !== 'goals' && onlyGoals(m.content))) {
      if (reply.kind === 'answer') state.answers[asked] = reply.text;
      else if (reply.kind === 'skip') state.passed.add(asked);
    }
    state.last = { step: asked, reply };
    // A reply answers the question it follows; a second message before the next question adds to nothing.
    if (reply.kind !== 'clarify') asked = null;
  }
  return state;
}

/** Up to `max` goals from the user's notes and data that the plan does not have yet. */
export function proposeGoals(d: PlanningData, have: string[], max: number): string[] {
  const seen = new Set(have.filter((g) => g.trim()).map(norm));
  const candidates = [
    ...d.summary.open_loops.map((l) => `Close the loop: ${l}`),
    ...d.summary.priorities,
    ...d.lastWeek.goals.map((g) => `Finish: ${g}`),
    ...d.openTodos,
  ];
  const out: string[] = [];
  for (const c of candidates) {
    if (out.length >= max) break;
    const t = c.trim().slice(0, 200);
    if (!t || seen.has(norm(t))) continue;
    seen.add(norm(t));
    out.push(t);
  }
  return out;
}

function question(step: Step, d: PlanningData): string {
  switch (step) {
    case 'review': {
      const last = d.lastWeek.exists
        ? d.lastWeek.goals.length
          ? `Last week you set these goals:\n${bullets(d.lastWeek.goals)}\n\n`
          : 'Last week you had a plan without goals.\n\n'
        : '';
      const wins = d.summary.wins.length ? `Your notes mention these wins:\n${bullets(d.summary.wins)}\n\n` : '';
      return `${last}${wins}${GUIDE_QUESTIONS.review} What got done, and what did not?`;
    }
    case 'intention': {
      const energy =
        d.summary.average_energy !== null ? ` Your average energy was ${d.summary.average_energy}/10 lately.` : '';
      return `${GUIDE_QUESTIONS.intention} One sentence is enough.${energy}`;
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
      return `${meetings}${challenges}${GUIDE_QUESTIONS.constraints} Meetings, travel, energy, family.`;
    }
    case 'goals': {
      const ideas = proposeGoals(d, [], 5);
      const fromNotes = ideas.length ? `\n\nIdeas from your notes and todos:\n${bullets(ideas)}` : '';
      return `${GUIDE_QUESTIONS.goals} Write them as a list and I will add them to your goals.${fromNotes}`;
    }
  }
}

function dataSummary(d: PlanningData): string {
  const r = d.reflections;
  const parts = [
    r.has_reflections && r.from
      ? `${r.morning_reflections.length} morning and ${r.evening_reflections.length} evening reflections since ${r.from}`
      : 'no daily reflections yet',
    `${d.openTodos.length} open todos`,
    `${d.events.length} calendar events in the next two weeks`,
    d.lastWeek.exists ? "last week's plan" : 'no plan for last week',
  ];
  return `I'm looking at ${parts.join(', ')}.`;
}

/** A short acknowledgement of the user's newest message that says what the guide took from it. */
function acknowledge(state: GuideState, newGoals: string[]): string {
  const last = state.last;
  if (!last) return '';
  if (newGoals.length) return `Added to your goals: ${newGoals.join('; ')}.`;
  if (last.reply.kind === 'skip') return "Let's leave that one.";
  if (last.reply.kind === 'clarify' && last.step && last.step !== 'summary') return EXPLAIN[last.step];
  if (last.reply.kind === 'answer') {
    switch (last.step) {
      case 'review':
        return `Thanks. Last week, in your words: “${cut(last.reply.text, 160)}”.`;
      case 'intention':
        return `Your intention for the week: “${cut(last.reply.text, 160)}”.`;
      case 'constraints':
        return `Noted, I'll keep these in mind: “${cut(last.reply.text, 160)}”.`;
      case 'goals':
        return 'Noted. Goals work best as a list, one per line starting with "-", so I can add them to your plan.';
      default:
        return 'Noted.';
    }
  }
  return 'Noted.';
}

function summary(plan: WeeklyFields, state: GuideState, goals: string[]): string {
  const field = (step: Step, value: string) => cut(state.answers[step] ?? value, 300) || '—';
  const lines = [
    GUIDE_SUMMARY,
    '',
    `- **Last week:** ${field('review', plan.weekly_review)}`,
    `- **Intention:** ${field('intention', plan.weekly_intention)}`,
    `- **Constraints:** ${field('constraints', plan.constraints)}`,
    goals.length ? `- **Goals:**\n${goals.map((g) => `  - ${g}`).join('\n')}` : '- **Goals:** —',
  ];
  return `${lines.join('\n')}\n\nClose this chat to save the plan, or tell me what to change: list more goals and I will add them.`;
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
  const state = stateOf(conversation, userMessage);
  const have = plan.meta_goals.filter((g) => g.trim());
  const seen = new Set(have.map(norm));
  // The goals this message states that the plan does not have yet (merged into the plan).
  const newGoals: string[] = [];
  for (const g of opening ? [] : statedGoals(userMessage)) {
    if (seen.has(norm(g))) continue;
    seen.add(norm(g));
    newGoals.push(g);
  }
  const done = (s: Step) => filled(s, plan) || s in state.answers || state.passed.has(s);
  const clarifying = state.last?.reply.kind === 'clarify' && state.last.step && state.last.step !== 'summary';
  const next: Step | undefined = clarifying ? (state.last?.step as Step) : STEPS.find((s) => !done(s));

  const head = opening
    ? `${isNewPlan ? `Let's plan the week of ${d.week}.` : `Let's look at your plan for the week of ${d.week}.`} ${dataSummary(d)}`
    : acknowledge(state, newGoals);
  if (next) return { content: `${head}\n\n${question(next, d)}${NOTE}`, goals: newGoals };

  // Every question is answered: the week as the user described it, and goals proposed to fill the slots.
  const all = [...have, ...newGoals];
  const proposed = proposeGoals(d, all, Math.max(0, META_GOAL_SLOTS - all.length));
  const proposal = proposed.length
    ? `\n\nTo fill your ${META_GOAL_SLOTS} goals I added these from your notes and todos (edit or remove them in the plan):\n${bullets(proposed)}`
    : '';
  const body = `${summary(plan, state, [...all, ...proposed])}${proposal}`;
  return { content: `${head}\n\n${body}${NOTE}`, goals: [...newGoals, ...proposed] };
}
