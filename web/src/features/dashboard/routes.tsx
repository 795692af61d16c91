import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { PlaceholderPanel } from '../../app/PlaceholderPanel';
import type { AppletTab } from '../../ui/AppletTabs';
import { CoachSettingsPage } from '../coach/CoachSettingsPage';
import { McpSettingsPage } from '../mcp/McpSettingsPage';

const DASHBOARD_TABS: AppletTab[] = [
  { id: '', label: 'Overview' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'stats', label: 'Stats' },
  { id: 'coach-settings', label: 'Coach Settings' },
  { id: 'cron-jobs', label: 'Cron Jobs' },
  { id: 'mcp-settings', label: 'MCP API Keys' },
];

const soon = (title: string, message: string) => (
  <PlaceholderPanel section="dashboard" title={title} message={message} />
);

/** /dashboard and its tabs; any unknown sub-path goes back to /dashboard. */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  element: <AppletLayout section="dashboard" tabs={DASHBOARD_TABS} />,
  children: [
    {
      index: true,
      element: soon(
        'Overview',
        "Your day at a glance will appear here: today's personal goal from your morning journal, today's workout, this week's progress and today's calendar.",
      ),
    },
    {
      path: 'calendar',
      element: soon('Calendar', "Today's, upcoming and past events from your connected calendar will appear here."),
    },
    {
      path: 'stats',
      element: soon('Stats View', 'Statistics about your workouts, journal and meetings will appear here.'),
    },
    {
      path: 'coach-settings',
      element: <CoachSettingsPage />,
    },
    {
      path: 'cron-jobs',
      element: soon(
        'Cron Jobs',
        'Scheduled jobs such as backups and health checks, with their run history, will appear here.',
      ),
    },
    {
      path: 'mcp-settings',
      element: <McpSettingsPage />,
    },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
};
