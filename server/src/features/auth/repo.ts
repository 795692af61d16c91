import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { SessionsTable } from '../../db/schema.js';

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export interface SessionUserRow {
  session_id: number;
  public_id: string;
  last_seen_at: string;
  expires_at: string;
  user_id: number;
  username: string;
  is_admin: number;
  timezone: string | null;
}

// Every authenticated request starts with this read: compiled once (db/prepared.ts).
const sessionQuery = prepared<{ tokenHash: string }, SessionUserRow>((db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.public_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id as user_id',
      'users.username',
      'users.is_admin',
      'users.timezone',
    ])
    .where('sessions.token_hash', '=', p.tokenHash),
);

/** The session and its user for a token hash, in one read. */
export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionUserRow | undefined> {
  return sessionQuery.executeTakeFirst(db, { tokenHash });
}

export async function insertSession(
  db: Db,
  s: {
    public_id: string;
    user_id: number;
    token_hash: string;
    user_agent: string | null;
    now: string;
    expires_at: string;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      public_id: s.public_id,
      user_id: s.user_id,
      token_hash: s.token_hash,
      user_agent: s.user_agent,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expires_at,
    })
    .execute();
}

export async function touchSession(db: Db, sessionId: number, now: string) {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function deleteSessionById(db: Db, sessionId: number) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Compiled once: building the query cost about as much as running it. */
const sessionsPage = prepared<
  { userId: number; limit: number; offset: number },
  Pick<Selectable<SessionsTable>, 'id' | 'public_id' | 'user_agent' | 'created_at' | 'last_seen_at' | 'expires_at'>
>((db, p) =>
  db
    .selectFrom('sessions')
    .select(['id', 'public_id', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', p.userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);

/** A page of the user's sessions, most recently seen first; ties newest first, so pages never overlap. */
export function listSessions(db: Db, userId: number, page: { limit: number; offset: number }) {
  return sessionsPage.execute(db, { userId, ...page });
}

/** Deletes one of the user's sessions; false when the id is not one of theirs. */
export async function deleteSessionByPublicId(db: Db, userId: number, publicId: string) {
  const res = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function deleteExpiredSessions(db: Db, now: string) {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** A device cookie's row and the name of its user, by the hash of its token. */
export function findDeviceByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('device_cookies')
    .innerJoin('users', 'users.id', 'device_cookies.user_id')
    .select(['device_cookies.id', 'device_cookies.created_at', 'users.username'])
    .where('device_cookies.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertDevice(db: Db, d: { user_id: number; token_hash: string; now: string }) {
  await db
    .insertInto('device_cookies')
    .values({ user_id: d.user_id, token_hash: d.token_hash, created_at: d.now, last_used_at: d.now })
    .execute();
}

export async function touchDevice(db: Db, id: number, now: string) {
  await db.updateTable('device_cookies').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Keeps the user's `keep` most recently used devices and deletes the others. */
export async function trimDevices(db: Db, userId: number, keep: number) {
  const kept = db
    .selectFrom('device_cookies')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  await db.deleteFrom('device_cookies').where('user_id', '=', userId).where('id', 'not in', kept).execute();
}

export async function deleteDevicesCreatedBefore(db: Db, before: string) {
  await db.deleteFrom('device_cookies').where('created_at', '<=', before).execute();
}
