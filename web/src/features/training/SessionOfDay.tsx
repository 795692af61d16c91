import { useTrainingWeek } from './api';
import { timeRange } from './format';

/**
 * "Training session 12:30–12:55" beside a plan, when its date has a session held for it (planned
 * or done): the plan shows when it is. Nothing while the week is read or when it cannot be.
 */
export function SessionOfDay({ date }: { date: string }) {
  const week = useTrainingWeek(date);
  const session = week.data?.enabled
    ? week.data.sessions.find((s) => s.date === date && (s.status === 'planned' || s.status === 'done'))
    : undefined;
  if (!session) return null;
  return <span>Training session {timeRange(session)}</span>;
}
