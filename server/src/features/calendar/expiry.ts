import { AUTH_EXPIRED_CODE, CALENDAR_TEXT } from '#common/api/calendarText.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import * as repo from './repo.js';

/**
 * Each connection's state is its own. An expired connection (Google, whose refresh was answered
 * `invalid_grant`) stops serving its cached events, which can no longer be kept current (a
 * meeting moved or cancelled since would be shown wrong); the user's other connections keep
 * working. The data calls answer 401 AUTH_EXPIRED only when a connection expired and none is
 * left that works.
 */
type Status = Pick<repo.ConnectionRow, 'status'>;

export const expiredError = () => new HttpError(401, CALENDAR_TEXT.expiredCall, {}, AUTH_EXPIRED_CODE);

/** A connection whose events are read, refreshed and served. */
export const isUsable = (c: Status) => c.status === 'connected';

/** The data calls' rule: AUTH_EXPIRED when a connection expired and no usable one remains. */
export function assertUsable(connections: readonly Status[]) {
  if (!connections.some(isUsable) && connections.some((c) => c.status === 'expired')) throw expiredError();
}

const nameOf = (c: Pick<repo.ConnectionRow, 'provider' | 'label'>) =>
  c.provider === 'google' ? 'Google Calendar' : `The calendar “${c.label}”`;

/**
 * What a coach or an MCP client is told of each expired connection, in plain words, so an
 * answer built on the other calendars does not silently leave its events out.
 */
export function expiredNotices(connections: readonly repo.ConnectionRow[]): string[] {
  return connections
    .filter((c) => c.status === 'expired')
    .map(
      (c) =>
        `${nameOf(c)}: authorization expired; reconnect in Daymark's calendar settings. Its events are not included.`,
    );
}

/** Whether any of the user's connections works, and the notices of the expired ones. */
export async function calendarAccess(db: Db, userId: number): Promise<{ connected: boolean; notices: string[] }> {
  const connections = await repo.listConnections(db, userId);
  return { connected: connections.some(isUsable), notices: expiredNotices(connections) };
}
