import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router';
import { assistantRoute } from '../features/assistant/routes';
import { coachRoute } from '../features/coach/routes';
import { dashboardRoute } from '../features/dashboard/routes';
import { journalRoute } from '../features/notes/JournalPart';
import { notesRoute } from '../features/notes/routes';
import { todosRoute } from '../features/todos/routes';
import { workoutRoute } from '../features/workout/routes';
import { LoadingState } from '../ui';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { ErrorScreen } from './ErrorScreen';
import { rememberRoutes, startRoute } from './lastRoute';
import { lazyPage } from './lazyPage';
import { trackNavigation } from './pendingNavigation';

// The signed-in shell loads after the session check, so the login page downloads only itself.
const AppShell = lazyPage(() => import('./shell/AppShell'), 'AppShell');

/** Routes matched below the current one (a section whose route objects arrive in a lazy chunk). */
function Section({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * /transcript/*, as features/transcripts/routes.tsx defines it, loaded with its pages when the
 * section is first opened: its routes are matched below /transcript once the chunk is here.
 */
const lazyTranscriptRoute: RouteObject = {
  path: 'transcript/*',
  lazy: async () => {
    const { transcriptRoute } = await import('../features/transcripts/routes');
    return { element: <Section routes={[{ ...transcriptRoute, path: undefined }]} /> };
  },
};

function StartRoute() {
  return <Navigate to={startRoute()} replace />;
}

/** Each feature owns its route object in features/<name>/routes.tsx. */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      { path: 'login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: (
              <Suspense fallback={<LoadingState message="Loading…" />}>
                <AppShell />
              </Suspense>
            ),
            children: [
              {
                // Errors inside a section render in the content area; the shell stays usable.
                errorElement: <ErrorScreen inline />,
                children: [
                  { index: true, element: <StartRoute /> },
                  dashboardRoute,
                  notesRoute,
                  journalRoute,
                  todosRoute,
                  workoutRoute,
                  coachRoute,
                  lazyTranscriptRoute,
                  assistantRoute,
                  { path: '*', element: <Navigate to="/dashboard" replace /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's router, tracked for the pending navigation and the sections' last routes. main.tsx makes it once. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  trackNavigation(router);
  rememberRoutes(router);
  return router;
}
