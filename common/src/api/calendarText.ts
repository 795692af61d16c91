// The calendar's texts and constants, apart from its schemas: screens that show only these
// (the overview's today list, the API client's expiry check) then load no zod.

/** The spec's texts for the calendar screens and calls (part 1 §4, §8). */
export const CALENDAR_TEXT = {
  expired: 'Your Google Calendar authentication has expired. Please re-authenticate.',
  expiredCall: 'Your Google Calendar authentication has expired. Please re-authenticate with Google Calendar.',
  expiredConfirm: 'Your Google Calendar authentication has expired. Would you like to reconnect now?',
  checkFailed: 'Failed to check authentication status. Please try refreshing the page.',
  disconnectFailed: 'Failed to disconnect from Google Calendar',
  saveFailed: 'Failed to save settings',
  loading: 'Loading calendar events...',
  codeMissing: 'Authorization code not found in callback URL.',
  callbackNetwork: 'Failed to connect to the server for OAuth callback processing.',
  syncWorkoutFailed: 'Failed to sync workout to calendar. Please try again.',
  allDay: 'All day',
  noTime: 'Time not specified',
} as const;

/** A sync's success, naming the calendar the entry went to by the name the user knows it by. */
export const syncedTo = (calendarName: string) => `Workout added to your calendar “${calendarName}”.`;

/** Past-events range selector (months back; 0.03 = yesterday, 0.25 = this week from Sunday). */
export const PAST_RANGES = [0.03, 0.25, 1, 3, 6, 12] as const;
export const UPCOMING_DAYS = 14;
export const TODAY_MAX_EVENTS = 50;
export const PAST_MAX_EVENTS = 200;
export const EXPIRY_PROMPT_DELAY_MS = 500;
export const SETTINGS_SAVED_MS = 3000;
export const SETTINGS_REDIRECT_MS = 1000;
export const CALLBACK_REDIRECT_MS = 2000;
/** A 401 with this code means the Google connection expired (§8). */
export const AUTH_EXPIRED_CODE = 'AUTH_EXPIRED';
