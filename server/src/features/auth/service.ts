import { MESSAGES } from '#common/constants.js';
import { DEFAULT_TIME_ZONE } from '#common/time.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { DEVICE_COOKIE_MAX_AGE_MS } from './deviceCookie.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import * as repo from './repo.js';
import { LoginThrottle, RefusalPacer, type Throttle } from './throttle.js';
import { hashToken, newPublicId, newToken } from './tokens.js';

export interface AuthUser {
  id: number;
  username: string;
  isAdmin: boolean;
  /** The user's IANA zone ('UTC' until one is set): what "today" means for this user. */
  timeZone: string;
  /** False until a zone was set (the web app then reports the browser's). */
  timeZoneSet: boolean;
  sessionId: number;
  sessionPublicId: string;
}

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How many browsers of one user keep a device cookie (the most recently used): a script that
 * signs in without keeping cookies adds one each time, and must not grow the table.
 */
export const MAX_DEVICES_PER_USER = 20;

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    readonly throttle: Throttle = new LoginThrottle(),
    private readonly now: () => number = Date.now,
    private readonly pacer = new RefusalPacer(),
  ) {}

  /**
   * Signs in. `deviceToken` is the verified token of the browser's device cookie (deviceCookie.ts),
   * if it sent one: when it is one of this username's, the attempt is throttled on that device
   * alone. Returns a new device token to set when the browser had none of this user's.
   */
  async login(username: string, password: string, ip: string, userAgent: string | null, deviceToken?: string | null) {
    const device = await this.knownDevice(username, deviceToken);
    const deviceId = device ? String(device.id) : null;
    const retry = await this.throttle.acquire(ip, username, deviceId);
    if (retry > 0) {
      await new Promise((r) => setTimeout(r, this.pacer.delay(ip)));
      throw new HttpError(429, MESSAGES.tooManyAttempts, { 'retry-after': String(retry) });
    }

    const user = await repo.findUserByUsername(this.db, username);
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) throw new HttpError(401, MESSAGES.invalidCredentials);
    await this.throttle.recordSuccess(ip, username, deviceId);

    const token = newToken();
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    await repo.insertSession(this.db, {
      public_id: newPublicId(),
      user_id: user.id,
      token_hash: hashToken(token),
      user_agent: userAgent?.slice(0, 300) ?? null,
      now: nowIso,
      expires_at: new Date(now + this.policy.maxMs).toISOString(),
    });
    let newDeviceToken: string | null = null;
    if (device) {
      await repo.touchDevice(this.db, device.id, nowIso);
    } else {
      newDeviceToken = newToken();
      await repo.insertDevice(this.db, { user_id: user.id, token_hash: hashToken(newDeviceToken), now: nowIso });
      await repo.trimDevices(this.db, user.id, MAX_DEVICES_PER_USER);
    }
    return { token, user: { username: user.username }, deviceToken: newDeviceToken };
  }

  /** The device a verified device token names, when it is this username's and not past its lifetime. */
  private async knownDevice(username: string, deviceToken: string | null | undefined) {
    if (!deviceToken) return null;
    const row = await repo.findDeviceByTokenHash(this.db, hashToken(deviceToken));
    if (!row || row.username !== username) return null;
    return Date.parse(row.created_at) + DEVICE_COOKIE_MAX_AGE_MS > this.now() ? row : null;
  }

  /** The user a token belongs to, or null when it is unknown, idle too long or past its lifetime. */
  async authenticate(token: string): Promise<AuthUser | null> {
    if (!token || token.length > 200) return null;
    const row = await repo.findSessionByTokenHash(this.db, hashToken(token));
    if (!row) return null;
    const now = this.now();
    const lastSeen = Date.parse(row.last_seen_at);
    if (Date.parse(row.expires_at) <= now || lastSeen + this.policy.idleMs <= now) {
      await repo.deleteSessionById(this.db, row.session_id);
      return null;
    }
    if (now - lastSeen > TOUCH_INTERVAL_MS) {
      await repo.touchSession(this.db, row.session_id, new Date(now).toISOString());
    }
    return {
      id: row.user_id,
      username: row.username,
      isAdmin: row.is_admin === 1,
      timeZone: row.timezone ?? DEFAULT_TIME_ZONE,
      timeZoneSet: row.timezone !== null,
      sessionId: row.session_id,
      sessionPublicId: row.public_id,
    };
  }

  logout(user: AuthUser) {
    return repo.deleteSessionById(this.db, user.sessionId);
  }

  async listSessions(user: AuthUser, page: { limit: number; offset: number }) {
    const rows = await repo.listSessions(this.db, user.id, page);
    return rows.map((r) => ({
      id: r.public_id,
      user_agent: r.user_agent,
      created_at: r.created_at,
      last_seen_at: r.last_seen_at,
      expires_at: r.expires_at,
      current: r.id === user.sessionId,
    }));
  }

  async revokeSession(user: AuthUser, publicId: string) {
    if (!(await repo.deleteSessionByPublicId(this.db, user.id, publicId)))
      throw new HttpError(404, 'Session not found');
  }

  /** Deletes the sessions and device cookies that have passed their lifetime. */
  async pruneExpired() {
    await repo.deleteExpiredSessions(this.db, new Date(this.now() - this.policy.idleMs).toISOString());
    await repo.deleteDevicesCreatedBefore(this.db, new Date(this.now() - DEVICE_COOKIE_MAX_AGE_MS).toISOString());
  }
}
