import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { lazyPage } from '../../app/lazyPage';

// Loaded when the Notes section is opened, not with the first page.
const NotesPage = lazyPage(() => import('./NotesPage'), 'NotesPage');
const CreateChoices = lazyPage(() => import('./CreateChoices'), 'CreateChoices');
const NewTranscriptPanel = lazyPage(() => import('./CreateChoices'), 'NewTranscriptPanel');
const NewWeeklyRedirect = lazyPage(() => import('./CreateChoices'), 'NewWeeklyRedirect');
const EntryViewer = lazyPage(() => import('./EntryViewer'), 'EntryViewer');
const ZenEditorRoute = lazyPage(() => import('./ZenEditor'), 'ZenEditorRoute');
const WeeklyEditorRoute = lazyPage(() => import('../weekly/WeeklyEditor'), 'WeeklyEditorRoute');

/**
 * /notes: the list beside creation choices (/notes), an entry (/notes/entry/:type/:id), the
 * daily note's zen editor (/notes/daily/:date), the weekly planning editor (/notes/weekly/:date)
 * and the placeholder of transcript creation.
 */
export const notesRoute: RouteObject = {
  path: 'notes',
  element: (
    <AppletLayout section="notes">
      <NotesPage />
    </AppletLayout>
  ),
  children: [
    { index: true, element: <CreateChoices /> },
    { path: 'entry/:type/:id', element: <EntryViewer /> },
    { path: 'daily/:date', element: <ZenEditorRoute /> },
    { path: 'weekly/:date', element: <WeeklyEditorRoute /> },
    { path: 'new/weekly', element: <NewWeeklyRedirect /> },
    { path: 'new/transcript', element: <NewTranscriptPanel /> },
    { path: '*', element: <Navigate to="/notes" replace /> },
  ],
};
