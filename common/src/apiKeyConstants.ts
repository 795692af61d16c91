/** API keys (part 1 §3, §5, §8, §9) and the MCP endpoint's limits. */
export const API_KEY_PREFIX = 'dmk_';
export const API_KEY_EXPIRY_OPTIONS = [
  { value: '30d', label: '30 days', days: 30 },
  { value: '90d', label: '90 days', days: 90 },
  { value: '1y', label: '1 year', days: 365 },
  { value: '', label: 'Never', days: null },
] as const;
export type ApiKeyExpiry = (typeof API_KEY_EXPIRY_OPTIONS)[number]['value'];
export const API_KEY_DEFAULT_EXPIRY: ApiKeyExpiry = '90d';
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};
/** A user may hold at most this many keys (expired ones count until deleted). */
export const API_KEYS_MAX_PER_USER = 20;
export const API_KEY_NAME_MAX = 100;
/** MCP requests allowed per key per minute before 429 (default of MCP_RATE_LIMIT_PER_MINUTE). */
export const MCP_RATE_LIMIT_PER_MINUTE = 120;
export const MCP_PATH = '/api/mcp/rpc';

export const API_KEY_TEXT = {
  nameRequired: 'Please enter a name for the API key',
  loadFailed: 'Failed to load API keys',
  deleteFailed: 'Failed to delete API key',
  createFailed: 'Failed to create API key',
  deleteConfirm: 'Are you sure you want to delete this API key? This action cannot be undone.',
  notFound: 'API key not found',
  tooMany: `You can have at most ${API_KEYS_MAX_PER_USER} API keys. Delete one to create another.`,
  missingKey: 'An API key is required (X-API-Key header or Authorization: Bearer)',
  invalidKey: 'Invalid, expired or deleted API key',
  rateLimited: 'Too many requests with this API key. Try again in a minute.',
  readOnly: 'This API key is read-only',
} as const;
