import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { ApiKeysTable } from '../../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

const publicColumns = ['id', 'name', 'key_preview', 'scope', 'created_at', 'expires_at', 'last_used_at'] as const;

/** Compiled once (db/prepared.ts): building the query cost about as much as running it. */
const keysPage = prepared<
  { userId: number; limit: number; offset: number },
  Pick<ApiKeyRow, (typeof publicColumns)[number]>
>((db, p) =>
  db
    .selectFrom('api_keys')
    .select(publicColumns)
    .where('user_id', '=', p.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);

/** A page of the user's keys, newest first; the id breaks ties so that pages never overlap. */
export function listKeys(db: Db, userId: number, page: { limit: number; offset: number }) {
  return keysPage.execute(db, { userId, ...page });
}

export async function countKeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertKey(db: Db, row: Omit<ApiKeyRow, 'id' | 'last_used_at'>) {
  return db
    .insertInto('api_keys')
    .values({ ...row, last_used_at: null })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
}

export async function deleteKey(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('api_keys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The key and its owner for a key hash, in one read. */
export function findByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as key_id',
      'api_keys.scope',
      'api_keys.expires_at',
      'api_keys.last_used_at',
      'users.id as user_id',
      'users.username',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function touchKey(db: Db, id: number, now: string) {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
