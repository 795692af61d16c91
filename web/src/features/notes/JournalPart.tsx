import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { useToday } from '../../app/time/useToday';
import { LoadingState } from '../../ui';

const ZenEditor = lazy(() => import('./ZenEditor').then((m) => ({ default: m.ZenEditor })));

/** /journal/morning and /journal/evening: today's daily note, opened at that part. */
function JournalPartRoute() {
  const { part } = useParams();
  const today = useToday();
  if (part !== 'morning' && part !== 'evening') return <Navigate to="/notes" replace />;
  return (
    <Suspense fallback={<LoadingState message="Loading…" />}>
      <ZenEditor key={`${today}-${part}`} date={today} part={part} />
    </Suspense>
  );
}

export const journalRoute: RouteObject = {
  path: 'journal',
  children: [
    { path: ':part', element: <JournalPartRoute /> },
    { index: true, element: <Navigate to="/journal/morning" replace /> },
  ],
};
