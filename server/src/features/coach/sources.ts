import type { AppContext } from '../../context.js';
import { calendarSource } from '../calendar/coachSource.js';
import { type CoachData, type CoachSource, emptyCoachData, type SourceRequest } from './coachData.js';
import { journalSource, todosSource, transcriptsSource, workoutsSource } from './featureSources.js';

export type { CoachSource, SourceRequest } from './coachData.js';

/**
 * A part of the coach data a source fills (attached entries come with their feature's part, the
 * calendar's notices with the calendar, the week's training sessions with the workouts).
 */
export type CoachDataPart = keyof Omit<CoachData, 'attached' | 'calendarNotices' | 'training' | 'recorded'>;

/**
 * The sources in use, one per feature, by the part they fill, in the order they are read.
 * Calendar events go through `withoutDeclined` in the context builder and the offline reports.
 */
export const coachSources: Record<CoachDataPart, CoachSource> = {
  journal: journalSource,
  todos: todosSource,
  workouts: workoutsSource,
  transcripts: transcriptsSource,
  calendar: calendarSource,
};

const ALL_PARTS = Object.keys(coachSources) as CoachDataPart[];

/**
 * The user's data for a coach: the parts it `reads` (all by default; `coachReads` names a
 * coach's), and the entries the user attached whatever the coach reads, so a part no coach
 * prompt would show is never read (the workout coach has no use for meeting transcripts, the
 * largest rows there are).
 */
export async function loadCoachData(
  ctx: AppContext,
  req: SourceRequest,
  reads: readonly CoachDataPart[] = ALL_PARTS,
): Promise<CoachData> {
  const attached = req.specificEntries;
  const wanted = new Set(reads);
  if (attached?.journalEntries?.length || attached?.notes?.length) wanted.add('journal');
  if (attached?.transcripts?.length) wanted.add('transcripts');
  const data = emptyCoachData();
  // One after another: each source is a few small indexed reads, and a chat then holds one
  // database connection instead of one per source.
  for (const part of ALL_PARTS) {
    if (!wanted.has(part)) continue;
    const found = await coachSources[part](ctx, req);
    for (const key of Object.keys(found) as Array<keyof CoachData>) {
      (data[key] as unknown[]).push(...((found[key] as unknown[] | undefined) ?? []));
    }
  }
  return data;
}
