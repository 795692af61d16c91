import { MESSAGES } from '../../../../common/src/constants.js';
import { DEFAULT_TIME_ZONE } from '../../../../common/src/time.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
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

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    readonly throttle: Throttle = new LoginThrottle(),
    private readonly now: () => number = Date.now,
    private readonly pacer = new RefusalPacer(),
  ) {}

  async login(username: string, password: string, ip: string, userAgent: string | null) {
    const retry = await this.throttle.acquire(ip, username);
    if (retry > 0) {
      await new Promise((r) => setTimeout(r, this.pacer.delay(ip)));
      throw new HttpError(429, MESSAGES.tooManyAttempts, { 'retry-after': String(retry) });
    }

    const user = await repo.findUserByUsername(this.db, username);
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) throw new HttpError(401, MESSAGES.invalidCredentials);
    await this.throttle.recordSuccess(ip, username);

    const token = newToken();
    const now = this.now();
    await repo.insertSession(this.db, {
      public_id: newPublicId(),
      user_id: user.id,
      token_hash: hashToken(token),
      user_agent: userAgent?.slice(0, 300) ?? null,
      now: new Date(now).toISOString(),
      expires_at: new Date(now + this.policy.maxMs).toISOString(),
    });
    return { token, user: { username: user.username } };
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

  pruneExpired() {
    return repo.deleteExpiredSessions(this.db, new Date(this.now() - this.policy.idleMs).toISOString());
  }
}
