import type { RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { PlaceholderPanel } from '../../app/PlaceholderPanel';

/** /todos/* */
export const todosRoute: RouteObject = {
  path: 'todos/*',
  element: (
    <AppletLayout section="todos">
      <PlaceholderPanel
        section="todos"
        title="Todo list"
        message="Your todo list, written as plain-text checklists, will appear here."
      />
    </AppletLayout>
  ),
};
