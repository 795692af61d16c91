import type { GoogleConfig } from '../../../config.js';
import { CalendarAuthExpired, CalendarError } from './types.js';

/**
 * Google's OAuth 2.0 endpoints: the authorization URL (state + PKCE S256, offline access), the
 * code exchange and the refresh. A refresh answered `invalid_grant` means the user removed the
 * access (or it expired): CalendarAuthExpired.
 */
export interface GoogleCredentials {
  access_token: string;
  refresh_token: string | null;
  /** ms since epoch */
  expires_at: number;
}

export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/calendar';
const TIMEOUT_MS = 20_000;

export function googleAuthUrl(g: GoogleConfig, p: { state: string; challenge: string; redirectUri: string }): string {
  const u = new URL(g.authUrl);
  u.search = new URLSearchParams({
    client_id: g.clientId ?? '',
    redirect_uri: p.redirectUri,
    response_type: 'code',
    scope: GOOGLE_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: p.state,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return u.toString();
}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

async function tokenRequest(
  g: GoogleConfig,
  body: Record<string, string>,
): Promise<TokenResponse & { status: number }> {
  let res: Response;
  try {
    res = await fetch(g.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: g.clientId ?? '', client_secret: g.clientSecret ?? '', ...body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new CalendarError('Could not reach Google to exchange the authorization.');
  }
  const json = (await res.json().catch(() => ({}))) as TokenResponse;
  return { ...json, status: res.status };
}

/** Code → tokens. Throws CalendarError with Google's error code as the message prefix. */
export async function exchangeCode(
  g: GoogleConfig,
  code: string,
  verifier: string,
  redirectUri: string,
): Promise<GoogleCredentials> {
  const t = await tokenRequest(g, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
  });
  if (t.status !== 200 || !t.access_token) {
    throw new CalendarError(`${t.error ?? 'token_error'}: ${t.error_description ?? `Google answered ${t.status}`}`);
  }
  return {
    access_token: t.access_token,
    refresh_token: t.refresh_token ?? null,
    expires_at: Date.now() + (t.expires_in ?? 3600) * 1000,
  };
}

export async function refreshAccess(g: GoogleConfig, c: GoogleCredentials): Promise<GoogleCredentials> {
  if (!c.refresh_token) throw new CalendarAuthExpired('no refresh token');
  const t = await tokenRequest(g, { grant_type: 'refresh_token', refresh_token: c.refresh_token });
  if (t.error === 'invalid_grant' || t.status === 401) throw new CalendarAuthExpired(t.error ?? 'unauthorized');
  if (t.status !== 200 || !t.access_token) throw new CalendarError(`Google refused to refresh the access: ${t.status}`);
  return {
    access_token: t.access_token,
    refresh_token: t.refresh_token ?? c.refresh_token,
    expires_at: Date.now() + (t.expires_in ?? 3600) * 1000,
  };
}
