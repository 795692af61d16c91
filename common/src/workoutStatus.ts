/**
 * The one rule for the status of a workout day, used by the server for every answer that
 * reports one (history, dashboard, stats, the MCP tools, the coaches' context) and by the web
 * app for its words. A day's log says what happened; the plan's marks say how far a day without
 * such a log has come.
 */

/** What a log says: the workout was done, skipped, or the log is a note without a status. */
export type LogStatus = 'completed' | 'skipped' | 'none';

/**
 * A stored log's flags. `workout_done` is null on a log written before a log could say "done"
 * (or imported from such an export): that log counts as done unless it says skipped, which is
 * how the dashboard and the stats always counted it.
 */
export interface LogFlags {
  workout_skipped: boolean | number;
  workout_done: boolean | number | null;
}

export function logStatus(log: LogFlags): LogStatus {
  if (Number(log.workout_skipped) === 1) return 'skipped';
  if (log.workout_done === null || Number(log.workout_done) === 1) return 'completed';
  return 'none';
}

type Outcome = 'completed' | 'partial' | 'skipped';

/**
 * The flags a log is saved with. What the request says wins; left out, a log records a done
 * workout unless it lists only skipped exercises (a day of skipped exercises is a skipped
 * day), and it is skipped only when it says so or lists only skipped exercises.
 */
export function logFlagsToSave(body: {
  workout_skipped?: boolean;
  workout_done?: boolean;
  workout_completion?: ReadonlyArray<{ completed: Outcome }>;
}): { workout_skipped: boolean; workout_done: boolean } {
  const items = body.workout_completion ?? [];
  const allSkipped = items.length > 0 && items.every((i) => i.completed === 'skipped');
  const skipped = body.workout_skipped ?? (body.workout_done === true ? false : allSkipped);
  const done = body.workout_done ?? (!skipped && !allSkipped);
  return { workout_skipped: skipped, workout_done: done };
}

/** The status of one day, as every screen shows it. */
export type DayStatus =
  /** The day's log says the workout was done. */
  | 'completed'
  /** The day's log says it was skipped. */
  | 'skipped'
  /** A plan with at least one exercise marked, and no log saying done or skipped. */
  | 'in_progress'
  /** A plan with nothing marked, and no log saying done or skipped. */
  | 'planned'
  /** A log without a status, and no plan. */
  | 'logged'
  /** Neither a plan nor a log. */
  | 'rest';

export interface DayInputs {
  /** The day's current plan: how many exercises it has and how many of them are marked. */
  plan: { exercises: number; marked: number } | null;
  log: LogFlags | null;
}

export function dayStatus(day: DayInputs): DayStatus {
  const log = day.log ? logStatus(day.log) : null;
  if (log === 'completed' || log === 'skipped') return log;
  if (day.plan) return day.plan.marked > 0 ? 'in_progress' : 'planned';
  return log === 'none' ? 'logged' : 'rest';
}

/**
 * Whether a day counts as a completed workout (the week grid, the stats' workouts, minutes and
 * streaks): exactly when its log says done. SQL spells the same rule as
 * `workout_skipped = 0 AND coalesce(workout_done, 1) = 1` (server/src/features/workout/status.ts).
 */
export const countsAsWorkout = (status: DayStatus) => status === 'completed';

/** The history's tag of a log (part 2 §2). */
export const LOG_STATUS_LABEL: Record<LogStatus, string> = {
  completed: 'Workout Completed',
  skipped: 'Workout Skipped',
  none: 'No Workout Status',
};

/** The log form's three choices, one at a time. */
export const LOG_STATUS_CHOICE: Record<LogStatus, string> = {
  completed: 'I did my workout',
  skipped: 'I skipped my workout today',
  none: 'No status, just a note',
};

/** What the dashboard's workout card says for today. */
export function dayStatusText(status: DayStatus, plan: { exercises: number; marked: number } | null): string {
  switch (status) {
    case 'completed':
      return 'Workout completed. Well done!';
    case 'skipped':
      return 'Workout skipped today.';
    case 'in_progress':
      return plan && plan.marked >= plan.exercises
        ? `All ${plan.exercises} exercises marked. Save the completion to your log to count it as done.`
        : `In progress: ${plan?.marked ?? 0} of ${plan?.exercises ?? 0} exercises marked.`;
    case 'planned':
      return 'Ready for you to start!';
    case 'logged':
      return 'Logged without a status.';
    case 'rest':
      return 'No workout planned for today';
  }
}
