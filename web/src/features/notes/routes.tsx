import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { PlaceholderPanel } from '../../app/PlaceholderPanel';

/** /notes/* */
export const notesRoute: RouteObject = {
  path: 'notes/*',
  element: (
    <AppletLayout section="notes">
      <PlaceholderPanel
        section="notes"
        title="Notes and journal"
        message="Your daily journal, notes and transcripts will appear here."
      />
    </AppletLayout>
  ),
};
