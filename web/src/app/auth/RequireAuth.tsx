import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isNetworkFailure } from '../../api/client';
import { loginPathFor } from '../../api/loginPath';
import { getToken } from '../../api/token';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/Spinner';
import { useReportTimeZone } from '../time/reportTimeZone';
import styles from './RequireAuth.module.css';
import { meQuery, type Session, SessionContext, useLogout } from './session';

export const SERVER_UNREACHABLE = 'Cannot reach Daymark. Check your connection and try again.';

/**
 * Guards every route but /login: without a stored token, or when the server refuses the
 * current-user lookup, the user goes to /login?next=<requested location> and comes back after
 * signing in. When the lookup gets no answer (offline, server down) the token is kept and the
 * page offers a retry; it also retries by itself when the browser is back online.
 */
export function RequireAuth() {
  const location = useLocation();
  const token = getToken();
  const me = useQuery({ ...meQuery, enabled: token !== null });
  const logout = useLogout();
  const user = me.data?.user;
  useReportTimeZone(user);
  const session = useMemo<Session | null>(() => (user ? { user, logout } : null), [user, logout]);

  if (!token || (me.isError && !isNetworkFailure(me.error))) return <Navigate to={loginPathFor(location)} replace />;
  if (me.isError)
    return (
      <main className={styles.page}>
        <ErrorState
          title="Daymark is out of reach"
          message={SERVER_UNREACHABLE}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      </main>
    );
  if (!session) return <LoadingState fullPage message="Checking your session…" />;
  return (
    <SessionContext.Provider value={session}>
      <Outlet />
    </SessionContext.Provider>
  );
}
