import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../../api/loginPath';
import { getToken } from '../../api/token';
import { LoadingState } from '../../ui/Spinner';
import { meQuery, type Session, SessionContext, useLogout } from './session';

/**
 * Guards every route but /login: without a stored token, or when the current-user lookup
 * fails, the user goes to /login?next=<requested location> and comes back after signing in.
 */
export function RequireAuth() {
  const location = useLocation();
  const token = getToken();
  const me = useQuery({ ...meQuery, enabled: token !== null });
  const logout = useLogout();
  const user = me.data?.user;
  const session = useMemo<Session | null>(() => (user ? { user, logout } : null), [user, logout]);

  if (!token || me.isError) return <Navigate to={loginPathFor(location)} replace />;
  if (!session) return <LoadingState fullPage message="Checking your session…" />;
  return (
    <SessionContext.Provider value={session}>
      <Outlet />
    </SessionContext.Provider>
  );
}
