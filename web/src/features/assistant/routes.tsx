import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { AssistantPage } from './AssistantPage';

/** /assistant/* */
export const assistantRoute: RouteObject = {
  path: 'assistant/*',
  element: (
    <AppletLayout section="assistant">
      <AssistantPage />
    </AppletLayout>
  ),
};
