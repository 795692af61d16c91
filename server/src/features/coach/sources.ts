import type { AppContext } from '../../context.js';
import { calendarSource } from '../calendar/coachSource.js';
import { type CoachData, type CoachSource, emptyCoachData, type SourceRequest } from './coachData.js';
import { journalSource, todosSource, transcriptsSource, workoutsSource } from './featureSources.js';

export type { CoachSource, SourceRequest } from './coachData.js';

/**
 * The sources in use, one per feature. Calendar events go through `withoutDeclined` in the
 * context builder and the offline reports.
 */
export const coachSources: CoachSource[] = [
  journalSource,
  todosSource,
  workoutsSource,
  transcriptsSource,
  calendarSource,
];

export async function loadCoachData(ctx: AppContext, req: SourceRequest, sources = coachSources): Promise<CoachData> {
  const data = emptyCoachData();
  // One after another: each source is a few small indexed reads, and a chat then holds one
  // database connection instead of one per source.
  for (const source of sources) {
    const part = await source(ctx, req);
    for (const key of Object.keys(part) as Array<keyof CoachData>) {
      (data[key] as unknown[]).push(...((part[key] as unknown[] | undefined) ?? []));
    }
  }
  return data;
}
