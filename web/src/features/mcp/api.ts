import { useQuery } from '@tanstack/react-query';
import { apiKeysResponse, type CreateApiKeyRequest, createdApiKey } from '../../../../common/src/api/apiKeys';
import { del, get, post } from '../../api/client';

export const apiKeysKey = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: () => get('/api-keys', { schema: apiKeysResponse }) });
}

export const createApiKey = (body: CreateApiKeyRequest) => post('/api-keys', body, { schema: createdApiKey });
export const deleteApiKey = (id: number) => del(`/api-keys/${id}`);
