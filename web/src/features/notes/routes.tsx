import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { WeeklyEditorRoute } from '../weekly/WeeklyEditor';
import { CreateChoices, NewTranscriptPanel, NewWeeklyRedirect } from './CreateChoices';
import { EntryViewer } from './EntryViewer';
import { NotesPage } from './NotesPage';
import { ZenEditorRoute } from './ZenEditor';

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
