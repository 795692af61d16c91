import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { TranscriptsPage } from './TranscriptsPage';

/** /transcript/*: the transcripts list and form; unknown sub-paths go back to the list. */
export const transcriptRoute: RouteObject = {
  path: 'transcript',
  element: <AppletLayout section="transcript" />,
  children: [
    { index: true, element: <TranscriptsPage /> },
    { path: '*', element: <Navigate to="/transcript" replace /> },
  ],
};
