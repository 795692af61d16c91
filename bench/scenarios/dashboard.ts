import { addDays, todayIn } from '#common/time.js';
import type { BenchScenario } from '../types.js';

/** A year of workouts, notes and todos, so the overview and a year of stats have work to do. */
export const dashboardScenario: BenchScenario = {
  name: 'Dashboard and stats',
  async seed({ db, userId }) {
    const today = todayIn('UTC');
    const now = new Date().toISOString();
    for (let i = 0; i < 365; i++) {
      const date = addDays(today, -i);
      if (i % 2 === 0) {
        await db
          .insertInto('workout_logs')
          .values({
            user_id: userId,
            date,
            entry: 'Done',
            workout_completion: JSON.stringify([{ name: 'Squat', completed: 'completed' }]),
            workout_skipped: 0,
            created_at: now,
            updated_at: now,
          })
          .onConflict((c) => c.doNothing())
          .execute();
      }
      await db
        .insertInto('todos')
        .values({
          user_id: userId,
          content: `Task ${i}`,
          completed: 1,
          completed_at: `${date}T12:00:00.000Z`,
          created_at: now,
        })
        .execute();
    }
  },
  routes: [
    { label: 'GET /api/dashboard/overview', path: '/api/dashboard/overview' },
    { label: 'GET /api/stats?range=1y', path: '/api/stats?range=1y' },
  ],
};
