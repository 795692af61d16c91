import { type Equipment, OUTDOOR_EQUIPMENT } from '#common/workoutConstants.js';
import { inDaylight } from '#common/workoutPlanner.js';
import type { SessionChanged } from '../training/service.js';
import { generateWorkout } from './generation.js';
import { getLogByDate } from './logsRepo.js';
import { getPlanByDate } from './plansRepo.js';

/**
 * A training session that shrank or moved (features/training): the plan of its date, when it no
 * longer fits (longer than the session, or outdoor parts in a session outside daylight) and its
 * day is not logged, is made again for the session (by the AI provider when one is configured,
 * else the offline planner; a plan with marks stays in History as an earlier version).
 */
export const refitPlanToSession: SessionChanged = async (ctx, userId, session) => {
  const plan = await getPlanByDate(ctx.db, userId, session.date);
  if (!plan || (await getLogByDate(ctx.db, userId, session.date))) return;
  let p: { estimated_duration?: unknown; equipment_needed?: unknown };
  try {
    p = JSON.parse(plan.plan);
  } catch {
    return;
  }
  const outdoor =
    Array.isArray(p.equipment_needed) && p.equipment_needed.some((e) => OUTDOOR_EQUIPMENT.includes(e as Equipment));
  const tooLong = typeof p.estimated_duration === 'number' && p.estimated_duration > session.minutes;
  if (!tooLong && !(outdoor && !inDaylight(session.start_time))) return;
  await generateWorkout(ctx, userId, { date: session.date }, () => {}, new AbortController().signal);
};
