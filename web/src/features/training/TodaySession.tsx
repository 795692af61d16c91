import { useQuery } from '@tanstack/react-query';
import type { TrainingWeek } from '#common/api/training.js';
import { get } from '../../api/client';
import { WorkoutIcon } from '../../ui/icons';
import { todayLine } from './format';
import { trainingKeys } from './keys';

/**
 * The shape the overview's line relies on, checked without zod (the overview is on the first
 * page, which loads none; see web/build/responseChecks.ts).
 */
export function isTrainingWeek(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const w = data as Partial<TrainingWeek>;
  return (
    typeof w.enabled === 'boolean' &&
    Array.isArray(w.sessions) &&
    w.sessions.every(
      (s) =>
        !!s &&
        typeof s.date === 'string' &&
        typeof s.start_time === 'string' &&
        typeof s.end_time === 'string' &&
        typeof s.status === 'string',
    )
  );
}

/**
 * "Training today 12:00–12:45" when today has a session; nothing otherwise (or when it cannot be read).
 * The overview styles it (this module loads no stylesheet of its own).
 */
export function TodaySession({ today, className }: { today: string; className?: string }) {
  const week = useQuery({
    queryKey: trainingKeys.today(today),
    queryFn: () => get<TrainingWeek>('/training/week', { query: { date: today }, schema: isTrainingWeek }),
    // Read afresh with the overview each time it opens.
    staleTime: 0,
  });
  const line = week.data?.enabled ? todayLine(week.data.sessions, today) : null;
  if (!line) return null;
  return (
    <p className={className}>
      <WorkoutIcon aria-hidden="true" />
      {line}
    </p>
  );
}
