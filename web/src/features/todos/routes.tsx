import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { TodosDebugPage } from './DebugPage';
import { TodosPage } from './TodosPage';

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
