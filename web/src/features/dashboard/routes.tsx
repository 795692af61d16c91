import { Navigate, type RouteObject } from 'react-router';
import { AppletLayout } from '../../app/AppletLayout';
import { lazyPage } from '../../app/lazyPage';
import type { AppletTab } from '../../ui/AppletTabs';

// Each tab loads its own chunk when opened.
const OverviewPage = lazyPage(() => import('./OverviewPage'), 'OverviewPage');
const CalendarPage = lazyPage(() => import('../calendar/CalendarPage'), 'CalendarPage');
const CalendarSettingsPage = lazyPage(() => import('../calendar/CalendarSettingsPage'), 'CalendarSettingsPage');
const GoogleCallbackPage = lazyPage(() => import('../calendar/GoogleCallbackPage'), 'GoogleCallbackPage');
const CoachSettingsPage = lazyPage(() => import('../coach/CoachSettingsPage'), 'CoachSettingsPage');
const CronExecutionsPage = lazyPage(() => import('../cron/CronExecutionsPage'), 'CronExecutionsPage');
const CronEditPage = lazyPage(() => import('../cron/CronFormPages'), 'CronEditPage');
const CronNewPage = lazyPage(() => import('../cron/CronFormPages'), 'CronNewPage');
const CronJobsPage = lazyPage(() => import('../cron/CronJobsPage'), 'CronJobsPage');
const DataSettingsPage = lazyPage(() => import('../dataSettings/DataSettingsPage'), 'DataSettingsPage');
const McpSettingsPage = lazyPage(() => import('../mcp/McpSettingsPage'), 'McpSettingsPage');
const RemindersPage = lazyPage(() => import('../reminders/RemindersPage'), 'RemindersPage');

const DASHBOARD_TABS: AppletTab[] = [
  { id: '', label: 'Overview' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'stats', label: 'Stats' },
  { id: 'reminders', label: 'Reminders' },
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
    { path: 'reminders', element: <RemindersPage /> },
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
