import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';

/** Pending Google authorizations: a state is taken once, by the user who started it. */

export async function insertOauthState(
  db: Db,
  userId: number,
  s: { state_hash: string; code_verifier: string; redirect_uri: string; expires_at: string },
) {
  await db
    .deleteFrom('calendar_oauth_states')
    .where('user_id', '=', userId)
    .where('expires_at', '<', nowIso())
    .execute();
  await db
    .insertInto('calendar_oauth_states')
    .values({ user_id: userId, ...s })
    .execute();
}

/** Takes (reads and deletes) the user's pending authorization with this state: one use only. */
export async function takeOauthState(db: Db, userId: number, stateHash: string) {
  const row = await db
    .selectFrom('calendar_oauth_states')
    .select(['id', 'code_verifier', 'redirect_uri', 'expires_at'])
    .where('user_id', '=', userId)
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (row) await db.deleteFrom('calendar_oauth_states').where('id', '=', row.id).execute();
  return row;
}
