import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import type { AppletTab } from '../../ui/AppletTabs';
import { CalendarPage } from '../calendar/CalendarPage';
import { CalendarSettingsPage } from '../calendar/CalendarSettingsPage';
import { GoogleCallbackPage } from '../calendar/GoogleCallbackPage';
import { CoachSettingsPage } from '../coach/CoachSettingsPage';
import { CronExecutionsPage } from '../cron/CronExecutionsPage';
import { CronEditPage, CronNewPage } from '../cron/CronFormPages';
import { CronJobsPage } from '../cron/CronJobsPage';
import { DataSettingsPage } from '../dataSettings/DataSettingsPage';
import { McpSettingsPage } from '../mcp/McpSettingsPage';
import { OverviewPage } from './OverviewPage';

const DASHBOARD_TABS: AppletTab[] = [
  { id: '', label: 'Overview' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'stats', label: 'Stats' },
  { id: 'coach-settings', label: 'Coach Settings' },
  { id: 'cron-jobs', label: 'Cron Jobs' },
  { id: 'mcp-settings', label: 'MCP API Keys' },
];

/** /dashboard and its tabs; any unknown sub-path goes back to /dashboard. */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  element: <AppletLayout section="dashboard" tabs={DASHBOARD_TABS} />,
  children: [
    {
      index: true,
      element: <OverviewPage />,
    },
    { path: 'calendar', element: <CalendarPage /> },
    // Hidden from the tab bar: reached from the Calendar tab and from Google's consent screen.
    { path: 'calendar-settings', element: <CalendarSettingsPage /> },
    { path: 'google-callback', element: <GoogleCallbackPage /> },
    {
      path: 'stats',
      // The charts and their library load only when this tab is opened.
      lazy: async () => ({ Component: (await import('../stats/StatsPage')).StatsPage }),
    },
    {
      path: 'coach-settings',
      element: <CoachSettingsPage />,
    },
    { path: 'cron-jobs', element: <CronJobsPage /> },
    { path: 'cron-executions', element: <CronExecutionsPage /> },
    { path: 'cron-new', element: <CronNewPage /> },
    { path: 'cron-edit/:jobUuid', element: <CronEditPage /> },
    // Data Management: not a tab (the spec's tab list leaves it out); linked from the Transcripts section.
    { path: 'data-settings', element: <DataSettingsPage /> },
    {
      path: 'mcp-settings',
      element: <McpSettingsPage />,
    },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
};
