import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { lazyPage } from '../../app/lazyPage';

const CoachPage = lazyPage(() => import('./CoachPage'), 'CoachPage');

/** /coach/* */
export const coachRoute: RouteObject = {
  path: 'coach/*',
  element: (
    <AppletLayout section="coach">
      <CoachPage />
    </AppletLayout>
  ),
};
