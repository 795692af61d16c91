import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { CoachPage } from './CoachPage';

/** /coach/* */
export const coachRoute: RouteObject = {
  path: 'coach/*',
  element: (
    <AppletLayout section="coach">
      <CoachPage />
    </AppletLayout>
  ),
};
