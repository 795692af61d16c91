import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { lazyPage } from '../../app/lazyPage';

const AssistantPage = lazyPage(() => import('./AssistantPage'), 'AssistantPage');

/** /assistant/* */
export const assistantRoute: RouteObject = {
  path: 'assistant/*',
  element: (
    <AppletLayout section="assistant">
      <AssistantPage />
    </AppletLayout>
  ),
};
