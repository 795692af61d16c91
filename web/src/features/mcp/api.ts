import { useQuery } from '@tanstack/react-query';
import { apiKeysResponse, type CreateApiKeyRequest, createdApiKey } from '#common/api/apiKeys.js';
import { API_KEYS_MAX_PER_USER } from '#common/apiKeyConstants.js';
import { del, get, post } from '../../api/client';

export const apiKeysKey = ['api-keys'] as const;

/** Every key of the user: one page of the paged list holds the most a user may have. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: () => get('/api-keys', { schema: apiKeysResponse, query: { limit: API_KEYS_MAX_PER_USER } }),
  });
}

export const createApiKey = (body: CreateApiKeyRequest) => post('/api-keys', body, { schema: createdApiKey });
export const deleteApiKey = (id: number) => del(`/api-keys/${id}`);
