import { z } from 'zod';
import {
  API_KEY_EXPIRY_OPTIONS,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEY_TEXT,
  API_KEYS_MAX_PER_USER,
} from '../apiKeyConstants.js';
import { idParam } from './common.js';

export const apiKeyScope = z.enum(API_KEY_SCOPES);

export const apiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    key_preview: z.string(),
    scope: apiKeyScope,
    created_at: z.string(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeysResponse = z.array(apiKey);

/** A page of the key list, newest first: the default shows every key a user may hold. */
export const API_KEYS_PAGE_DEFAULT = API_KEYS_MAX_PER_USER;
export const API_KEYS_PAGE_MAX = 100;
export const apiKeysQuery = z.object({
  limit: z.coerce.number().int().min(1).max(API_KEYS_PAGE_MAX).default(API_KEYS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ApiKeysQuery = z.infer<typeof apiKeysQuery>;

const expiryValues = API_KEY_EXPIRY_OPTIONS.map((o) => o.value) as [string, ...string[]];

export const createApiKeyRequest = z.object({
  name: z.string().trim().min(1, API_KEY_TEXT.nameRequired).max(API_KEY_NAME_MAX),
  /** '30d', '90d', '1y', or '' for a key that never expires. */
  expiresIn: z.enum(expiryValues).default('90d'),
  scope: apiKeyScope.default('read_write'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** The new key: the only response that ever holds the full key. */
export const createdApiKey = apiKey.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyIdParams = z.object({ id: idParam() });
