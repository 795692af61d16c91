import type { DashboardOverview, WeekDay } from '../../../../common/src/api/dashboard.js';
import { addDays, sundayOf } from '../../../../common/src/time.js';
import type { AppContext } from '../../context.js';
import { todayInZone } from '../../time/dayStarts.js';
import { todaysCalendar } from './calendarCard.js';
import { overviewData } from './repo.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The 7 days of the week holding `today`, Sunday first. */
export function weekGrid(today: string, completed: Set<string>): WeekDay[] {
  const sunday = sundayOf(today);
  const grid: WeekDay[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(sunday, i);
    grid.push({
      date,
      weekday: WEEKDAYS[i] ?? '',
      day: Number(date.slice(8, 10)),
      isToday: date === today,
      workoutCompleted: completed.has(date),
    });
  }
  return grid;
}

/** Everything the overview shows, in one answer, for the user's today in their zone. */
export async function overview(
  ctx: AppContext,
  user: { id: number; timeZone: string },
  now: number = Date.now(),
): Promise<DashboardOverview> {
  const today = todayInZone(user.timeZone, now);
  const sunday = sundayOf(today);
  const { db } = ctx;
  const [{ personalGoal, workout, completed }, calendar] = await Promise.all([
    overviewData(db, user.id, today, { from: sunday, to: addDays(sunday, 6) }),
    todaysCalendar(ctx, user.id, { date: today, timeZone: user.timeZone }),
  ]);
  return {
    today,
    timeZone: user.timeZone,
    personalGoal,
    workout,
    week: weekGrid(today, completed),
    calendar,
  };
}
