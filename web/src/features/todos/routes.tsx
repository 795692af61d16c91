import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { lazyPage } from '../../app/lazyPage';

const TodosPage = lazyPage(() => import('./TodosPage'), 'TodosPage');
const TodosDebugPage = lazyPage(() => import('./DebugPage'), 'TodosDebugPage');

/** /todos, with the debug sub-route; any other sub-path goes back to /todos. */
export const todosRoute: RouteObject = {
  path: 'todos',
  element: <AppletLayout section="todos" />,
  children: [
    { index: true, element: <TodosPage /> },
    { path: 'debug', element: <TodosDebugPage /> },
    { path: '*', element: <Navigate to="/todos" replace /> },
  ],
};
