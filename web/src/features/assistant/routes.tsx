import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { PlaceholderPanel } from '../../app/PlaceholderPanel';

/** /assistant/* */
export const assistantRoute: RouteObject = {
  path: 'assistant/*',
  element: (
    <AppletLayout section="assistant">
      <PlaceholderPanel
        section="assistant"
        title="Executive assistant"
        message="Daily briefings, day reviews and answers from your assistant will appear here."
      />
    </AppletLayout>
  ),
};
