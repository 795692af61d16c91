import type { SpecificEntries } from '../../../../common/src/api/coach.js';
import type { AppContext } from '../../context.js';
import { calendarSource } from '../calendar/coachSource.js';
import { type CoachData, emptyCoachData } from './coachData.js';
import { journalSource, todosSource, transcriptsSource, workoutsSource } from './featureSources.js';

export interface SourceRequest {
  userId: number;
  /** YYYY-MM-DD: the user's today, in their time zone. */
  today: string;
  specificEntries?: SpecificEntries;
}

/**
 * A feature's contribution to a coach's context: its recent data and the entries the user
 * attached from it. Each reads only the user's own rows through the feature's repo.
 */
export type CoachSource = (ctx: AppContext, req: SourceRequest) => Promise<Partial<CoachData>>;

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
