import { todayIn } from '#common/time.js';
import { writeHeavyHistory } from '../accounts/generate.js';
import type { BenchScenario } from '../types.js';

/**
 * The heavy account of bench/accounts (5.5 years of a long-time daily user: about 1,600 daily
 * notes, 3,000 todos, 1,000 workout logs, 1,000 coach conversations and 570 transcripts) as the
 * bench user: the year of stats and a search for a common word, which once read all of a
 * user's rows per request. Seeds the bench user on its own: run it alone,
 * `npm run bench -- --only heavy` (other scenarios write the same days).
 */
export const heavyAccountScenario: BenchScenario = {
  name: 'heavy account (5.5 years, generated)',
  alone: true,
  async seed({ db, userId }) {
    await writeHeavyHistory(db, userId, { years: 5.5, seed: 1, today: todayIn('UTC') });
  },
  routes: [
    { label: 'GET /api/stats?range=1y (heavy account)', path: '/api/stats?range=1y' },
    { label: 'GET /api/stats?range=12w (heavy account)', path: '/api/stats?range=12w' },
    { label: 'GET /api/search?q=meeting (heavy account)', path: '/api/search?q=meeting' },
    { label: 'GET /api/search?q=today plan (heavy account)', path: '/api/search?q=today%20plan' },
    { label: 'GET /api/search?q=kestrel (heavy account, rare)', path: '/api/search?q=kestrel' },
  ],
};
