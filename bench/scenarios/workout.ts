import { WORKOUT_PAGE_MAX } from '#common/api/workout.js';
import { ALL_EQUIPMENT, DEFAULT_EQUIPMENT } from '#common/workoutConstants.js';
import { planWorkout } from '#common/workoutPlanner.js';
import { saveLog } from '../../server/src/features/workout/logsRepo.js';
import { savePlan } from '../../server/src/features/workout/plansRepo.js';
import { saveProgress } from '../../server/src/features/workout/progressRepo.js';
import { saveSettings } from '../../server/src/features/workout/settingsRepo.js';
import { sizes } from '../options.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario } from '../types.js';

const SEEDED_DAYS = sizes.workoutDays;
/**
 * Generations timed. Of 40, the p99 was the slowest one, which moved between 12 and 40 ms
 * from run to run with p50 at 3–4 ms; 200 make it the second-slowest, and the slowest is
 * shown beside it.
 */
const GENERATIONS = Number(process.env.BENCH_WORKOUT_GENERATIONS ?? 200);
const TODAY_UUID = 'bench-today-plan';
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Times one generation over SSE: to the first event and to `completed`. */
async function timeGeneration(baseUrl: string, token: string, date: string) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/workout/stream?date=${date}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) throw new Error(`stream failed: ${res.status}`);
  const decoder = new TextDecoder();
  let text = '';
  let first: number | null = null;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (first === null && text.includes('event: ')) first = performance.now() - started;
    if (text.includes('event: completed')) break;
  }
  if (!text.includes('event: completed')) throw new Error('generation did not complete');
  return { first: first ?? 0, completed: performance.now() - started };
}

export const workoutScenario: BenchScenario = {
  name: 'workout',
  async seed({ db, userId }) {
    await saveSettings(db, userId, {
      equipment_available: JSON.stringify(DEFAULT_EQUIPMENT),
      workout_preferences: JSON.stringify({ weatherDependent: true, preferredDuration: 45 }),
    });
    for (let d = SEEDED_DAYS; d >= 0; d--) {
      const date = daysAgo(d);
      const r = planWorkout({
        date,
        equipment: ALL_EQUIPMENT,
        preferredDuration: 45,
        weatherDependent: true,
        recentPlans: [],
        liked: [],
        disliked: [],
      });
      const uuid = date === today() ? TODAY_UUID : `bench-${date}`;
      await savePlan(db, userId, {
        date,
        plan: JSON.stringify({ ...r.plan, uuid }),
        plan_uuid: uuid,
        focus: r.focus,
        intensity: r.intensity,
        source: 'planner',
      });
      await saveLog(db, userId, { date, entry: `Workout of ${date}`, workout_completion: null, workout_skipped: 0 });
    }
    for (let i = 0; i < 8; i++) {
      await saveProgress(db, userId, {
        workout_uuid: TODAY_UUID,
        section_uuid: 's',
        exercise_uuid: `e${i}`,
        status: 'completed',
        notes: null,
      });
    }
  },
  routes: [
    { label: 'GET /api/workout/next (latest plan)', path: '/api/workout/next' },
    { label: 'GET /api/workout?limit=30 (plans)', path: '/api/workout?limit=30' },
    { label: 'GET /api/workout-log?limit=30 (logs)', path: '/api/workout-log?limit=30' },
    {
      label: `GET /api/workout?limit=${WORKOUT_PAGE_MAX} (largest page)`,
      path: `/api/workout?limit=${WORKOUT_PAGE_MAX}`,
    },
    {
      label: `GET /api/workout-log?limit=${WORKOUT_PAGE_MAX} (largest page)`,
      path: `/api/workout-log?limit=${WORKOUT_PAGE_MAX}`,
    },
    { label: 'GET /api/exercise/progress/{uuid}', path: `/api/exercise/progress/${TODAY_UUID}` },
    { label: 'GET /api/settings', path: '/api/settings' },
  ],
  async measure({ baseUrl, token }): Promise<BenchRow[]> {
    const first: number[] = [];
    const completed: number[] = [];
    // Future dates: each run generates a new plan next to a year of history.
    for (let i = 0; i < GENERATIONS; i++) {
      const date = new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10);
      const t = await timeGeneration(baseUrl, token, date);
      first.push(t.first);
      completed.push(t.completed);
    }
    first.sort((a, b) => a - b);
    completed.sort((a, b) => a - b);
    const row = (label: string, xs: number[]) => ({
      label,
      runs: xs.length,
      'p50 ms': percentile(xs, 0.5).toFixed(1),
      'p99 ms': percentile(xs, 0.99).toFixed(1),
      'max ms': (xs.at(-1) ?? 0).toFixed(1),
    });
    return [
      row('workout stream (offline planner): first event', first),
      row('workout stream (offline planner): completed', completed),
    ];
  },
};
