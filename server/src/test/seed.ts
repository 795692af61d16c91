import type { Client } from './harness.js';

/** Seeds a user's data through the API, as the web app would write it. */
export const seed = {
  async dailyNote(c: Client, date: string, content: string) {
    const res = await c.request({ method: 'POST', url: `/api/notes/daily/${date}`, payload: { content } });
    if (res.statusCode !== 200) throw new Error(`daily note ${date}: ${res.statusCode} ${res.body}`);
    return res.json();
  },
  async workoutLog(
    c: Client,
    date: string,
    opts: {
      skipped?: boolean;
      completion?: Array<{ name: string; completed: 'completed' | 'partial' | 'skipped' }>;
    } = {},
  ) {
    const res = await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: {
        date,
        entry: opts.skipped ? 'Skipped today' : 'Workout done',
        workout_skipped: opts.skipped ?? false,
        workout_completion: opts.completion ?? [],
      },
    });
    if (res.statusCode !== 200) throw new Error(`workout log ${date}: ${res.statusCode} ${res.body}`);
    return res.json().log as { id: number };
  },
  async zone(c: Client, timezone: string) {
    const res = await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone } });
    if (res.statusCode !== 200) throw new Error(`zone: ${res.statusCode} ${res.body}`);
  },
};

/** A morning note whose goal and energy level are known. */
export const morningNote = (goal: string, energy = 5) =>
  `## Goals for the Day\n- ${goal}\n\n## Morning Preparation\n### Energy Level ${energy}/10\n`;
