import { moveSessionRequest, type TrainingWeek, trainingSession, trainingWeek } from '#common/api/training.js';
import { getWeek, moveSession, skipSession } from '../../features/training/service.js';
import { defineTool, optionalDate, type ToolDef, z } from './define.js';

/** The week in lines: each session with its time and status, then what has no room. */
function weekText(w: TrainingWeek): string {
  if (!w.enabled && w.sessions.length === 0) {
    return 'The training week is off: the user can turn it on in Workout settings (sessions a week, length, days and time windows).';
  }
  const lines = w.sessions.map(
    (s) =>
      `- Session ${s.index} (id ${s.id}): ${s.date} ${s.start_time}–${s.end_time}, ${s.minutes} min, ${s.status}${s.placed_by === 'user' ? ', placed by the user' : ''}${s.note ? ` — ${s.note}` : ''}`,
  );
  return [`Training week of ${w.week_start}:`, ...lines, ...w.unplaced.map((u) => `- ${u.message}`)].join('\n');
}

export const trainingTools: ToolDef[] = [
  defineTool({
    name: 'training_week',
    title: 'Training week',
    description:
      "The week's training sessions (the week of `date`, this week by default) that Daymark places in the user's free calendar time from their training rule: each session's date, local start and end, length, status (planned, done, skipped, released) and the last change and why. Sessions with no room this week are listed as unplaced.",
    input: { date: optionalDate('A day of the week') },
    output: trainingWeek.shape,
    write: false,
    async run(t, { date }) {
      const week = await getWeek(t.ctx, t.user.id, date);
      return { data: week, text: weekText(week) };
    },
  }),
  defineTool({
    name: 'training_session_move',
    title: 'Move a training session',
    description:
      "Moves a training session (its id from training_week) to another day of the same week at a local time (HH:MM), optionally with a new length in minutes. The session's calendar event moves with it, and Daymark keeps it there from then on.",
    input: {
      id: z.number().int().positive().max(2_147_483_647).describe('The session id from training_week'),
      date: moveSessionRequest.shape.date.describe('The new day, YYYY-MM-DD, in the same week'),
      start_time: moveSessionRequest.shape.start_time.describe("The new local start, HH:MM in the user's zone"),
      minutes: moveSessionRequest.shape.minutes.describe('A new length in minutes (10–180); the same when omitted'),
    },
    output: { session: trainingSession, week: trainingWeek },
    write: true,
    idempotent: true,
    async run(t, { id, ...to }) {
      const answer = await moveSession(t.ctx, t.user.id, id, to);
      return { data: answer, text: `Moved. ${weekText(answer.week)}` };
    },
  }),
  defineTool({
    name: 'training_session_skip',
    title: 'Skip a training session',
    description:
      'Skips a training session (its id from training_week): it is marked skipped and its calendar event is removed.',
    input: { id: z.number().int().positive().max(2_147_483_647).describe('The session id from training_week') },
    output: { session: trainingSession, week: trainingWeek },
    write: true,
    destructive: true,
    idempotent: true,
    async run(t, { id }) {
      const answer = await skipSession(t.ctx, t.user.id, id);
      return { data: answer, text: `Skipped. ${weekText(answer.week)}` };
    },
  }),
];
