import type { BenchScenario } from '../types.js';

const SESSIONS = 40;

export const authScenario: BenchScenario = {
  name: 'auth',
  /** Sessions on other devices, seen over the last two days, besides the bench's own. */
  async seed({ db, userId }) {
    const now = Date.now();
    await db
      .insertInto('sessions')
      .values(
        Array.from({ length: SESSIONS }, (_, i) => ({
          public_id: `bench-session-${i}`,
          user_id: userId,
          token_hash: `bench-session-hash-${i}`,
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
          created_at: new Date(now - (i + 30) * 86_400_000).toISOString(),
          last_seen_at: new Date(now - i * 3_600_000).toISOString(),
          expires_at: new Date(now + 30 * 86_400_000).toISOString(),
        })),
      )
      .execute();
  },
  routes: [
    { label: 'GET /api/auth/me', path: '/api/auth/me' },
    { label: `GET /api/auth/sessions (${SESSIONS + 1} sessions)`, path: '/api/auth/sessions' },
  ],
};
