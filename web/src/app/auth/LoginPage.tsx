import { loginResponse } from 'virtual:response-checks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { LoginResponse } from '#common/api/auth.js';
import { MESSAGES } from '#common/constants.js';
import { messageOf, post } from '../../api/client';
import { safeNextPath } from '../../api/loginPath';
import { getToken, setToken } from '../../api/token';
import { Button } from '../../ui/Button';
import { DaymarkLogo } from '../../ui/icons';
import { LoadingState } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import styles from './LoginPage.module.css';
import { meQuery } from './session';

/** The public sign-in page. A user whose stored token is still valid is sent straight on. */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const token = getToken();
  const me = useQuery({ ...meQuery, enabled: token !== null });

  if (token && me.data) return <Navigate to={next} replace />;
  if (token && me.isPending) return <LoadingState fullPage message="Checking your session…" />;
  return <LoginForm next={next} />;
}

function LoginForm({ next }: { next: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => {
    document.title = 'Sign in · Daymark';
  }, []);
  // The username field takes the focus once the form has been painted, unless the user is already
  // somewhere else. (`autoFocus` focuses it while React inserts the page, which makes the browser
  // lay the page out inside that same task: one long task of the first load instead of two.)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (document.activeElement === null || document.activeElement === document.body) usernameRef.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const login = useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      post<LoginResponse>('/auth/login', body, { schema: loginResponse, withToken: false, skipAuthRedirect: true }),
    onSuccess: ({ token }) => {
      setToken(token);
      // A previous session's cached data (including a failed lookup) must not leak in.
      queryClient.clear();
      void navigate(next, { replace: true });
    },
    onError: (err) => setError(messageOf(err, MESSAGES.loginFailedScreen)),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (login.isPending) return;
    const user = username.trim();
    if (!user || !password.trim()) {
      setError(MESSAGES.loginRequired);
      usernameRef.current?.focus();
      return;
    }
    setError(null);
    login.mutate({ username: user, password });
  };

  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <DaymarkLogo width={44} height={44} />
          <h1 className={styles.name}>Daymark</h1>
          <p className={styles.tagline}>Your coach, planner and journal — one calm place for your day.</p>
        </div>

        <form className={styles.card} onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
          <h2 className={styles.heading}>Sign in</h2>
          <TextField
            ref={usernameRef}
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && (
            <div role="alert" id={errorId} className={styles.error}>
              {error}
            </div>
          )}
          <Button type="submit" variant="primary" size="lg" block loading={login.isPending} loadingText="Signing in…">
            Sign in
          </Button>
        </form>

        <p className={styles.note}>
          Accounts are issued by the administrator; there is no sign-up. Contact your administrator to get an account.
        </p>
      </div>
    </main>
  );
}
