import { parseDailyNote } from '#common/journalText.js';
import type { BenchScenario } from '../types.js';

const DAYS = 3650;
const WEEKS = 520;
// 2016-01-04 is a Monday: every seventh day from it starts a planning week.
const dayIso = (i: number) => new Date(Date.UTC(2016, 0, 4) + i * 86_400_000).toISOString().slice(0, 10);
const LAST_WEEK = dayIso((WEEKS - 1) * 7);

const DAILY = `## Morning Preparation
### Daily Priorities
- Write the report
- Review pull requests
### Anticipated Challenges
Back-to-back meetings in the afternoon.
### Energy Level 7/10

## Evening Shutdown
### Wins
- Report sent
### Frustrations
${'The build was slow again and the review queue kept growing through the day. '.repeat(3)}
### Open Loops
- Budget
`;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** Ten years of daily notes with both parts and ten years of weekly plans for one user. */
export const weeklyScenario: BenchScenario = {
  name: 'weekly',
  async seed({ db, userId }) {
    const structured = JSON.stringify(parseDailyNote(DAILY));
    const now = new Date().toISOString();
    const plan = (i: number) =>
      JSON.stringify({
        weekly_review: 'A good week with a few interruptions.',
        meta_goals: ['Ship the release', 'Run three times', `Plan week ${i}`],
        constraints: 'Offsite on Thursday',
        brain_dump: 'taxes, dentist, birthday present',
        weekly_intention: 'Calm focus',
        morning_reflections: [],
        evening_reflections: [],
        calendar_events: [],
        simplified_calendar_events: [],
      });
    // Scenarios share the bench user: days the journal scenario already wrote keep its notes.
    const written = new Set(
      (
        await db
          .selectFrom('journal_entries')
          .select('date')
          .where('user_id', '=', userId)
          .where('journal_type', '=', 'daily')
          .execute()
      ).map((r) => r.date),
    );
    const rows = [
      ...Array.from({ length: DAYS }, (_, i) => ({
        user_id: userId,
        date: dayIso(i),
        journal_type: 'daily',
        content: DAILY,
        structured_data: structured,
        has_morning: 1,
        has_evening: 1,
        created_at: now,
        updated_at: `${dayIso(i)}T20:00:00.000Z`,
      })).filter((r) => !written.has(r.date)),
      ...Array.from({ length: WEEKS }, (_, i) => ({
        user_id: userId,
        date: dayIso(i * 7),
        journal_type: 'weekly_planning',
        content: 'Weekly planning entry',
        structured_data: plan(i),
        has_morning: 0,
        has_evening: 0,
        created_at: now,
        updated_at: `${dayIso(i * 7)}T09:00:00.000Z`,
      })),
    ];
    await insertChunked(rows, (c) => db.insertInto('journal_entries').values(c).execute());
  },
  routes: [
    { label: 'GET /api/weekly/{date}', path: `/api/weekly/${LAST_WEEK}` },
    { label: 'GET /api/weekly/{date}/reflections', path: `/api/weekly/${LAST_WEEK}/reflections` },
  ],
};
