import {
  type PlanningMessage,
  suggestedGoals,
  type WeeklyCoachEvent,
  type WeeklyCoachRequest,
  weeklyCoachRequest,
} from '#common/api/weekly.js';
import { MESSAGES } from '#common/constants.js';
import { splitThoughts } from '#common/thoughts.js';
import { todayIn } from '#common/time.js';
import { mergeGoals } from '#common/weeklyPlan.js';
import { WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { weekOf } from '#common/weekRules.js';
import { AI_MESSAGES } from '../../ai/errors.js';
import {
  EXISTING_PLAN_OPENING,
  GOALS_SYSTEM,
  NEW_PLAN_OPENING,
  PLANNING_INSTRUCTIONS,
} from '../../ai/prompts/weekly.js';
import { AiError } from '../../ai/provider.js';
import type { AppContext } from '../../context.js';
import { asData, buildContext, coachReads, systemPrompt } from '../coach/contextBuilder.js';
import { CoachService } from '../coach/service.js';
import { loadCoachData } from '../coach/sources.js';
import { loadPlanningData, planningContext } from './planningData.js';
import { planningGuideReply } from './planningGuide.js';

/** How many earlier messages of the planning conversation go back to the model (as in the coach). */
const HISTORY_LIMIT = 40;

export interface CoachOptions {
  signal?: AbortSignal;
  logError?: (err: unknown) => void;
}

/**
 * One turn of the planning coach as a stream of events: the reply's `delta`s, then `goals` (valid
 * suggestions and the plan's goals with them merged) or a `warning`, then the whole `message`. With no provider the
 * planning guide answers; the conversation itself is saved by the editor (autosave).
 */
export async function* planningCoach(
  ctx: AppContext,
  userId: number,
  zone: string,
  input: WeeklyCoachRequest,
  opts: CoachOptions = {},
): AsyncGenerator<WeeklyCoachEvent> {
  const req = weeklyCoachRequest.parse(input);
  const week = weekOf(req.dateParam ?? req.date);
  const plan = req.weeklyPlanData;
  const data = await loadPlanningData(ctx, userId, week, plan.calendar_events);
  const has_reflections = data.reflections.has_reflections;

  if (!ctx.ai.enabled) {
    const reply = planningGuideReply(data, plan, req.userMessage, req.conversation, req.isNewPlan);
    yield { type: 'delta', text: reply.content };
    if (reply.goals.length)
      yield { type: 'goals', goals: reply.goals, merged: mergeGoals(plan.meta_goals, reply.goals) };
    yield { type: 'message', message: { role: 'assistant', content: reply.content }, has_reflections };
    return;
  }

  const { signal } = opts;
  const userTurn = req.userMessage.trim() || (req.isNewPlan ? NEW_PLAN_OPENING(week) : EXISTING_PLAN_OPENING(week));
  const history: PlanningMessage[] = [...req.conversation.slice(-HISTORY_LIMIT), { role: 'user', content: userTurn }];
  let full = '';
  try {
    const meta = await new CoachService(ctx).getMeta(userId, 'vocational');
    const today = todayIn(zone);
    const coachData = await loadCoachData(ctx, { userId, today }, coachReads('vocational'));
    const own = req.vocationCoachContext?.trim()
      ? `\n\n## The user's notes for the coach\n${req.vocationCoachContext.trim()}`
      : '';
    // The coach's usual data, then the week's, each in its own data block.
    const weekData = `<user_data>\n${asData(planningContext(data, plan, req.isNewPlan) + own)}\n</user_data>`;
    const context = `${buildContext('vocational', coachData, { today })}\n\n${weekData}`;
    const system = `${systemPrompt(meta, context)}\n\n${PLANNING_INSTRUCTIONS}`;
    for await (const piece of ctx.ai.streamText({ system, messages: history, signal })) {
      if (!piece) continue;
      full += piece;
      yield { type: 'delta', text: piece };
    }
  } catch (err) {
    if (signal?.aborted) return;
    const shown = err instanceof AiError ? err.message : undefined;
    if (!shown) opts.logError?.(err);
    yield { type: 'error', error: shown ?? MESSAGES.somethingWrong };
    return;
  }
  const { content } = splitThoughts(full);

  // Goals come as validated structured output; anything else merges nothing and says so.
  try {
    const transcript = [...history, { role: 'assistant', content }]
      .slice(-6)
      .map((m) => `${m.role}: ${m.content}`)
      .join('\n\n');
    const out = await ctx.ai.generateObject({
      system: GOALS_SYSTEM,
      prompt: `<user_data>\n${asData(transcript)}\n</user_data>`,
      schema: suggestedGoals,
      signal,
    });
    if (out.goals.length) yield { type: 'goals', goals: out.goals, merged: mergeGoals(plan.meta_goals, out.goals) };
  } catch (err) {
    if (signal?.aborted) return;
    const invalid = err instanceof AiError && err.message === AI_MESSAGES.invalidOutput;
    if (!invalid) opts.logError?.(err);
    yield {
      type: 'warning',
      message: invalid
        ? WEEKLY_TEXT.invalidGoals
        : `${WEEKLY_TEXT.invalidGoals} ${err instanceof AiError ? err.message : ''}`.trim(),
    };
  }
  // The saved-reply event ends the stream, as in the coach chat.
  yield { type: 'message', message: { role: 'assistant', content }, has_reflections };
}
