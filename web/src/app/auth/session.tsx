import { meResponse } from 'virtual:response-checks';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import type { MeResponse } from '#common/api/auth.js';
import { get, isNetworkFailure, post } from '../../api/client';
import { clearToken } from '../../api/token';
import { clearSessionState } from '../sessionStore';

export type CurrentUser = MeResponse['user'];

/**
 * The current-user lookup that decides whether a session is valid. A lookup the server refused
 * (401 or any other error answer) removes the stored token, as the spec asks. A lookup that got
 * no answer at all keeps it: the browser was offline, the server down, or the page was being
 * left while the request was in flight (the browser then aborts it), and none of these says
 * anything about the token. RequireAuth offers a retry in that case.
 */
export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: async () => {
    try {
      return await get<MeResponse>('/auth/me', { schema: meResponse });
    } catch (error) {
      if (!isNetworkFailure(error)) clearToken();
      throw error;
    }
  },
  retry: false,
  staleTime: 5 * 60_000,
});

export interface Session {
  user: CurrentUser;
  /** Signs out on the server (a failure is only logged), clears local state, goes to /login. */
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only inside routes guarded by RequireAuth. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <RequireAuth>');
  return session;
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await post('/auth/logout', undefined, { skipAuthRedirect: true });
    } catch (error) {
      console.error('Logout failed; clearing the local session anyway', error);
    }
    // In one tick, so nothing renders between: the guard never sees a half-cleared session.
    void navigate('/login', { replace: true });
    clearToken();
    clearSessionState();
    queryClient.clear();
  }, [navigate, queryClient]);
}
