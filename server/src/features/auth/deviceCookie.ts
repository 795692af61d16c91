import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE } from '#common/constants.js';
import type { Config } from '../../config.js';
import { derivedKey } from '../../secrets.js';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"). A browser
 * that signed in keeps a cookie naming that user's device: `<token>.<signature>`, the token 256
 * random bits of which the server stores only the SHA-256 (`device_cookies`), the signature an
 * HMAC-SHA-256 of the token under a key derived from the installation's secret key (the same on
 * every instance that shares it). A cookie whose signature does not hold is dropped without
 * reading the database, so forged cookies cost nothing. Sign-ins that carry a valid cookie of
 * the username they try are counted on that device alone (throttle.ts): whoever fails with the
 * owner's username elsewhere cannot lock the owner's own browsers out.
 *
 * One cookie per browser, for the user who signed in there last; HttpOnly, SameSite=Strict,
 * Secure as the session cookie, sent to /api/auth only. It outlives sign-outs (a signed-out
 * browser is still known); a password change revokes all of the user's.
 */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
export const DEVICE_COOKIE_PATH = '/api/auth';

type KeyConfig = Pick<Config, 'secretKey' | 'dataDir'>;

const signatureOf = (config: KeyConfig, token: string) =>
  createHmac('sha256', derivedKey(config, 'device cookies')).update(token).digest('base64url');

export const signDeviceToken = (config: KeyConfig, token: string) => `${token}.${signatureOf(config, token)}`;

/** The token of a cookie value whose signature holds; null for anything else. */
export function verifiedDeviceToken(config: KeyConfig, value: string | undefined): string | null {
  if (!value || value.length > 200) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signatureOf(config, token));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The verified device token the request carries, if any. */
export const deviceTokenOf = (config: KeyConfig, request: FastifyRequest) =>
  verifiedDeviceToken(config, request.cookies[DEVICE_COOKIE]);

export function setDeviceCookie(
  config: Pick<Config, 'secretKey' | 'dataDir' | 'cookieSecure'>,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  reply.setCookie(DEVICE_COOKIE, signDeviceToken(config, token), {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure: config.cookieSecure ?? request.protocol === 'https',
    maxAge: Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000),
  });
}
