import type { Sport, SportLoad, TrainingLoad } from '#common/api/activities.js';
import { addDays } from '#common/time.js';
import type { Db } from '../../db/index.js';
import { activitiesBetween, latestActivity } from './repo.js';

/** Minutes, distance and count by sport of the activities dated from `from` to `to`. */
function bySport(rows: Awaited<ReturnType<typeof activitiesBetween>>, from: string): SportLoad[] {
  const sums = new Map<Sport, SportLoad>();
  for (const r of rows) {
    if (r.date < from) continue;
    const sport = r.sport as Sport;
    const s = sums.get(sport) ?? { sport, activities: 0, minutes: 0, distance_km: 0 };
    s.activities++;
    s.minutes += Number(r.moving_s ?? r.elapsed_s) / 60;
    s.distance_km += Number(r.distance_m ?? 0) / 1000;
    sums.set(sport, s);
  }
  return [...sums.values()]
    .map((s) => ({ ...s, minutes: Math.round(s.minutes), distance_km: Math.round(s.distance_km * 10) / 10 }))
    .sort((a, b) => b.minutes - a.minutes);
}

/**
 * The user's recent training load: the last 7 and 28 days' minutes and distance by sport (today
 * included), and the newest activity. The coach's context and the offline planner read it.
 */
export async function trainingLoad(db: Db, userId: number, today: string): Promise<TrainingLoad> {
  const from28 = addDays(today, -27);
  const [rows, latest] = await Promise.all([activitiesBetween(db, userId, from28, today), latestActivity(db, userId)]);
  return {
    last7: bySport(rows, addDays(today, -6)),
    last28: bySport(rows, from28),
    latest: latest
      ? {
          date: latest.date,
          sport: latest.sport as Sport,
          minutes: Math.round(Number(latest.moving_s ?? latest.elapsed_s) / 60),
          distance_km: Math.round(Number(latest.distance_m ?? 0) / 100) / 10,
        }
      : null,
  };
}
