import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { lazyPage } from '../../app/lazyPage';
import type { AppletTab } from '../../ui/AppletTabs';

const TodayPage = lazyPage(() => import('./TodayPage'), 'TodayPage');
const HistoryPage = lazyPage(() => import('./HistoryPage'), 'HistoryPage');
const LogPage = lazyPage(() => import('./LogPage'), 'LogPage');
const SettingsPage = lazyPage(() => import('./SettingsPage'), 'SettingsPage');
const ImportPage = lazyPage(() => import('./ImportPage'), 'ImportPage');
const ActivityPage = lazyPage(() => import('./ActivityPage'), 'ActivityPage');
const StatsPage = lazyPage(() => import('./StatsPage'), 'StatsPage');

const WORKOUT_TABS: AppletTab[] = [
  { id: '', label: 'Today' },
  { id: 'history', label: 'History' },
  { id: 'log', label: 'Log' },
  // ACTIVITY_TEXTS.importTab: written out, so that the first chunk does not take zod with the contract.
  { id: 'import', label: 'Import' },
  { id: 'settings', label: 'Settings' },
];

/** /workout and its tabs (plus the untabbed stats page and an imported activity's view); unknown sub-paths go to /workout. */
export const workoutRoute: RouteObject = {
  path: 'workout',
  element: <AppletLayout section="workout" tabs={WORKOUT_TABS} />,
  children: [
    { index: true, element: <TodayPage /> },
    { path: 'history', element: <HistoryPage /> },
    { path: 'log', element: <LogPage /> },
    { path: 'import', element: <ImportPage /> },
    { path: 'activities/:id', element: <ActivityPage /> },
    { path: 'settings', element: <SettingsPage /> },
    { path: 'stats', element: <StatsPage /> },
    { path: '*', element: <Navigate to="/workout" replace /> },
  ],
};
