import { Navigate, type RouteObject, useParams } from 'react-router';
import { useToday } from '../../app/time/useToday';
import { ZenEditor } from './ZenEditor';

/** /journal/morning and /journal/evening: today's daily note, opened at that part. */
function JournalPartRoute() {
  const { part } = useParams();
  const today = useToday();
  if (part !== 'morning' && part !== 'evening') return <Navigate to="/notes" replace />;
  return <ZenEditor key={`${today}-${part}`} date={today} part={part} />;
}

export const journalRoute: RouteObject = {
  path: 'journal',
  children: [
    { path: ':part', element: <JournalPartRoute /> },
    { index: true, element: <Navigate to="/journal/morning" replace /> },
  ],
};
