import { randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeysQuery, CreatedApiKey } from '#common/api/apiKeys.js';
import {
  API_KEY_EXPIRY_OPTIONS,
  API_KEY_PREFIX,
  API_KEY_TEXT,
  API_KEYS_MAX_PER_USER,
  type ApiKeyScope,
} from '#common/apiKeyConstants.js';
import type { Db } from '../../db/index.js';
import { HttpError, notFound } from '../../http/errors.js';
import { hashToken } from '../auth/tokens.js';
import * as repo from './repo.js';

/** last_used_at is written at most this often, so that every MCP call is not a write. */
const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who an MCP request acts for. */
export interface KeyUser {
  id: number;
  username: string;
  keyId: number;
  scope: ApiKeyScope;
}

const present = (r: Omit<repo.ApiKeyRow, 'user_id' | 'key_hash'>): ApiKey => ({
  ...r,
  scope: r.scope === 'read' ? 'read' : 'read_write',
});

export async function listApiKeys(db: Db, userId: number, page: ApiKeysQuery): Promise<ApiKey[]> {
  return (await repo.listKeys(db, userId, page)).map(present);
}

/** 256 random bits after a fixed prefix, so that secret scanners can recognise a leaked key. */
export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export async function createApiKey(
  db: Db,
  userId: number,
  body: { name: string; expiresIn: string; scope: ApiKeyScope },
  now = Date.now(),
): Promise<CreatedApiKey> {
  const option = API_KEY_EXPIRY_OPTIONS.find((o) => o.value === body.expiresIn);
  if (!option) throw new HttpError(400, 'expiresIn must be 30d, 90d, 1y or empty');
  const key = newApiKey();
  const row = await db.transaction().execute(async (trx) => {
    if ((await repo.countKeys(trx, userId)) >= API_KEYS_MAX_PER_USER) throw new HttpError(409, API_KEY_TEXT.tooMany);
    return repo.insertKey(trx, {
      user_id: userId,
      name: body.name,
      key_hash: hashToken(key),
      key_preview: `${key.slice(0, API_KEY_PREFIX.length + 4)}…${key.slice(-4)}`,
      scope: body.scope,
      created_at: new Date(now).toISOString(),
      expires_at: option.days === null ? null : new Date(now + option.days * DAY_MS).toISOString(),
    });
  });
  return { ...present(row), key };
}

export async function deleteApiKey(db: Db, userId: number, id: number) {
  if (!(await repo.deleteKey(db, userId, id))) throw notFound(API_KEY_TEXT.notFound);
}

/** The key's owner, or null when the key is unknown, deleted or expired. Checked on every call. */
export async function authenticateApiKey(db: Db, key: string, now = Date.now()): Promise<KeyUser | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const row = await repo.findByHash(db, hashToken(key));
  if (!row) return null;
  if (row.expires_at && Date.parse(row.expires_at) <= now) return null;
  if (!row.last_used_at || now - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await repo.touchKey(db, row.key_id, new Date(now).toISOString());
  }
  return {
    id: row.user_id,
    username: row.username,
    keyId: row.key_id,
    scope: row.scope === 'read' ? 'read' : 'read_write',
  };
}
