import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { PlaceholderPanel } from '../../app/PlaceholderPanel';

/** /transcript/* */
export const transcriptRoute: RouteObject = {
  path: 'transcript/*',
  element: (
    <AppletLayout section="transcript">
      <PlaceholderPanel
        section="transcript"
        title="Meeting transcripts"
        message="Your meeting transcripts will be listed here, ready to add, edit and review."
      />
    </AppletLayout>
  ),
};
