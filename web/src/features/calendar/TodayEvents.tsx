import { TODAY_MAX_EVENTS } from '../../../../common/src/api/calendar';
import { useToday } from '../../app/time/useToday';
import { CalendarEvents, todayWindow } from './CalendarEvents';

/** Today's events in the user's zone, ready to embed (the dashboard overview's "today's calendar"). */
export function TodayEvents() {
  const today = useToday();
  return <CalendarEvents window={todayWindow(today, TODAY_MAX_EVENTS)} compact />;
}
