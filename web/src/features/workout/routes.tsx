import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { PlaceholderPanel } from '../../app/PlaceholderPanel';
import type { AppletTab } from '../../ui/AppletTabs';

export const WORKOUT_TABS: AppletTab[] = [
  { id: '', label: 'Today' },
  { id: 'history', label: 'History' },
  { id: 'log', label: 'Log' },
  { id: 'settings', label: 'Settings' },
];

const soon = (title: string, message: string) => <PlaceholderPanel section="workout" title={title} message={message} />;

/** /workout and its tabs (plus the untabbed stats page); unknown sub-paths go to /workout. */
export const workoutRoute: RouteObject = {
  path: 'workout',
  element: <AppletLayout section="workout" tabs={WORKOUT_TABS} />,
  children: [
    {
      index: true,
      element: soon('Today', "Today's workout plan will appear here, ready to generate, follow and log."),
    },
    { path: 'history', element: soon('History', 'Your past workout plans and logs will appear here.') },
    { path: 'log', element: soon('Log', 'A form to log a workout in your own words will appear here.') },
    { path: 'settings', element: soon('Settings', 'Your equipment and preferred workout length will be set here.') },
    { path: 'stats', element: soon('Stats', 'Statistics about your workouts will be shown here.') },
    { path: '*', element: <Navigate to="/workout" replace /> },
  ],
};
