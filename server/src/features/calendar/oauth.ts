import crypto from 'node:crypto';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { secretBox } from '../../secrets.js';
import { insertOauthState, takeOauthState } from './oauthRepo.js';
import { googleProvider } from './providers/google.js';
import { exchangeCode, googleAuthUrl } from './providers/googleOauth.js';
import { CalendarError } from './providers/types.js';
import { saveNewConnection } from './service.js';
import { providerContext } from './sync.js';

/**
 * Google's authorization code flow with a one-use `state` (only its SHA-256 is stored, bound to
 * the signed-in user, valid 10 minutes) and PKCE (S256; the verifier is stored encrypted).
 */
const STATE_TTL_MS = 10 * 60_000;
const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest();

export const CALLBACK_PATH = '/dashboard/google-callback';

export function googleConfigured(ctx: AppContext) {
  return Boolean(ctx.config.google.clientId && ctx.config.google.clientSecret);
}

/** GOOGLE_REDIRECT_URI, else the app origin the browser reports (or the request's) + the callback path. */
function redirectUri(ctx: AppContext, baseUrl: string | undefined, requestOrigin: string): string {
  if (ctx.config.google.redirectUri) return ctx.config.google.redirectUri;
  let origin = requestOrigin;
  if (baseUrl) {
    let u: URL;
    try {
      u = new URL(baseUrl);
    } catch {
      throw new HttpError(400, 'baseUrl must be the app address, like https://daymark.example.com');
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:')
      throw new HttpError(400, 'baseUrl must start with https:// or http://');
    origin = u.origin;
  }
  return `${origin}${CALLBACK_PATH}`;
}

/** What a user is told when Google sign-in is not set up (the administrator's log names the settings). */
export const GOOGLE_UNAVAILABLE = 'Google Calendar is not available on this server; ask your administrator.';

export async function authUrl(ctx: AppContext, userId: number, baseUrl: string | undefined, requestOrigin: string) {
  if (!googleConfigured(ctx)) throw new HttpError(400, GOOGLE_UNAVAILABLE);
  const state = b64url(crypto.randomBytes(32));
  const verifier = b64url(crypto.randomBytes(48));
  const uri = redirectUri(ctx, baseUrl, requestOrigin);
  await insertOauthState(ctx.db, userId, {
    state_hash: sha256(state).toString('hex'),
    code_verifier: secretBox(ctx.config).seal(verifier),
    redirect_uri: uri,
    expires_at: new Date(Date.now() + STATE_TTL_MS).toISOString(),
  });
  return googleAuthUrl(ctx.config.google, { state, challenge: b64url(sha256(verifier)), redirectUri: uri });
}

export type CallbackResult = { success: true; message: string } | { success: false; error: string; message: string };

// A Map, not an object: the error code comes from the query string (`__proto__` is not a key here).
const DENIED = new Map<string, string>([['access_denied', 'Access to Google Calendar was denied.']]);

export async function handleCallback(
  ctx: AppContext,
  userId: number,
  q: { code?: string; state?: string; error?: string },
): Promise<CallbackResult> {
  if (q.error) {
    return {
      success: false,
      error: q.error,
      message: DENIED.get(q.error) ?? `Google Calendar authorization failed: ${q.error}`,
    };
  }
  if (!googleConfigured(ctx)) {
    return { success: false, error: 'not_configured', message: GOOGLE_UNAVAILABLE };
  }
  if (!q.code)
    return { success: false, error: 'code_missing', message: 'Authorization code not found in callback URL.' };
  const pending = q.state ? await takeOauthState(ctx.db, userId, sha256(q.state).toString('hex')) : undefined;
  if (!pending || Date.parse(pending.expires_at) < Date.now()) {
    return {
      success: false,
      error: 'invalid_state',
      message: 'This authorization was not started from this session or has expired. Please connect again.',
    };
  }
  const verifier = secretBox(ctx.config).open<string>(pending.code_verifier);
  try {
    const credentials = await exchangeCode(ctx.config.google, q.code, verifier, pending.redirect_uri);
    const pctx = await providerContext(ctx, userId, null);
    const calendars = await googleProvider.listCalendars(credentials, pctx);
    const primary = calendars.find((c) => c.primary);
    await saveNewConnection(ctx, userId, {
      provider: 'google',
      label: primary?.remoteId ?? 'Google Calendar',
      credentials,
      replace: true,
    });
    return { success: true, message: 'Google Calendar connected successfully.' };
  } catch (err) {
    if (err instanceof CalendarError) {
      const [code, ...rest] = err.message.split(': ');
      const known = /^[a-z_]+$/.test(code ?? '') ? (code as string) : 'token_exchange_failed';
      return {
        success: false,
        error: known,
        message: known === 'token_exchange_failed' ? err.message : rest.join(': ') || err.message,
      };
    }
    return { success: false, error: 'connection_failed', message: 'Google Calendar could not be connected.' };
  }
}
