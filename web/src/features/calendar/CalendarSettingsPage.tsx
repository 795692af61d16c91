import { Link } from 'react-router';
import { CALENDAR_TEXT } from '#common/api/calendar.js';
import { ErrorState, LoadingState } from '../../ui';
import { connectionState, isCalendarExpired, useConnections } from './api';
import { ConnectionsCard } from './ConnectionsCard';
import { SyncSettingsCard } from './SyncSettingsCard';
import styles from './settings.module.css';
import { TimeZoneCard } from './TimeZoneCard';

/** /dashboard/calendar-settings: connections, sync settings, calendar selection, time zone. */
export function CalendarSettingsPage() {
  const connections = useConnections();
  if (connections.isPending) return <LoadingState message="Loading calendar settings..." />;
  if (connections.isError && !isCalendarExpired(connections.error)) {
    // The spec's words for a failed status check (part 1 §8), not the raw error.
    return (
      <ErrorState
        message={CALENDAR_TEXT.checkFailed}
        onRetry={() => connections.refetch()}
        retrying={connections.isFetching}
      />
    );
  }
  const list = connections.data?.connections ?? [];
  const state = connectionState(list);
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to="/dashboard/calendar">← Back to Calendar</Link>
      </p>
      <ConnectionsCard connections={list} googleConfigured={connections.data?.google_configured ?? true} />
      <SyncSettingsCard connected={state.connected} expired={state.googleExpired && !state.connected} />
      <TimeZoneCard />
    </div>
  );
}
