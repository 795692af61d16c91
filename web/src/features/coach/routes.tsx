import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { PlaceholderPanel } from '../../app/PlaceholderPanel';

/** /coach/* */
export const coachRoute: RouteObject = {
  path: 'coach/*',
  element: (
    <AppletLayout section="coach">
      <PlaceholderPanel
        section="coach"
        title="Coach chats"
        message="Chats with your workout coach and your professional coach will appear here."
      />
    </AppletLayout>
  ),
};
