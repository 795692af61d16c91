import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { CreateChoices, NewTranscriptPanel, NotYetPanel } from './CreateChoices';
import { EntryViewer } from './EntryViewer';
import { NotesPage } from './NotesPage';
import { ZenEditorRoute } from './ZenEditor';

/**
 * /notes: the list beside creation choices (/notes), an entry (/notes/entry/:type/:id), the
 * daily note's zen editor (/notes/daily/:date) and the placeholders of what will come.
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
    { path: 'new/weekly', element: <NotYetPanel kind="weekly" /> },
    { path: 'new/transcript', element: <NewTranscriptPanel /> },
    { path: '*', element: <Navigate to="/notes" replace /> },
  ],
};
