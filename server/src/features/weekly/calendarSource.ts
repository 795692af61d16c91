import type { SimplifiedEvent } from '../../../../common/src/api/weekly.js';
import type { AppContext } from '../../context.js';

/**
 * The week's events for the planning coach's context, read on the server: two weeks from the
 * week's Monday in the user's zone. The calendar layer is not part of this build yet, so it
 * returns no events and the coach works from the events the editor sends (`calendar_events`);
 * once the calendar exists this one function reads its cache.
 */
export async function weekEvents(_ctx: AppContext, _userId: number, _monday: string): Promise<SimplifiedEvent[]> {
  return [];
}
