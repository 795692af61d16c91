import type { BenchScenario } from '../types.js';

const DATE = '2026-03-02';
const NOTE = `## Morning Preparation
### Daily Priorities
- Write the report
### Energy Level 7/10

## Daily Journal
${'A calm, focused day with a few long meetings. '.repeat(20)}
`;

/**
 * Writes under load, each next to its twin replaying the same statements in one transaction:
 * adding a todo (done at once, so later scenarios' open lists stay as seeded), saving a daily note (an upsert by date) and saving a workout log (likewise).
 * POST /api/transcripts is in the transcripts scenario.
 */
export const writesScenario: BenchScenario = {
  name: 'writes',
  routes: [
    {
      label: 'POST /api/todos',
      method: 'POST',
      path: '/api/todos',
      body: { content: 'Call the dentist', completed: true },
    },
    {
      label: 'POST /api/notes/daily/{date}',
      method: 'POST',
      path: `/api/notes/daily/${DATE}`,
      body: { content: NOTE },
    },
    {
      label: 'POST /api/workout-log',
      method: 'POST',
      path: '/api/workout-log',
      body: { date: DATE, entry: 'Easy 5 km run, then mobility.' },
    },
  ],
};
