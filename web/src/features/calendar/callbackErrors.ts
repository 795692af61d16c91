import { CALENDAR_TEXT } from '#common/api/calendar.js';

/** What went wrong in a Google authorization callback, for the explanation the page shows. */
export type CallbackFailure =
  | 'denied'
  | 'missing_code'
  | 'invalid_grant'
  | 'network'
  | 'scope'
  | 'redirect'
  | 'state'
  | 'other';

/** Classifies the callback's `error` code and message (Google's and the server's wording). */
export function classifyCallbackError(error: string, message = ''): CallbackFailure {
  const code = error.toLowerCase();
  const text = `${code} ${message.toLowerCase()}`;
  if (code === 'access_denied' || code === 'denied') return 'denied';
  if (code === 'missing_code' || code === 'code_missing') return 'missing_code';
  if (text.includes('redirect_uri') || text.includes('redirect uri') || text.includes('redirect mismatch')) {
    return 'redirect';
  }
  if (text.includes('invalid_grant')) return 'invalid_grant';
  if (
    text.includes('network') ||
    text.includes('unreachable') ||
    text.includes('timed out') ||
    text.includes('econn')
  ) {
    return 'network';
  }
  if (text.includes('scope') || text.includes('permission') || text.includes('insufficient')) return 'scope';
  if (text.includes('state')) return 'state';
  return 'other';
}

export const CALLBACK_TITLES: Record<CallbackFailure, string> = {
  denied: 'Access was denied',
  missing_code: 'Authorization failed',
  invalid_grant: 'Authorization expired or revoked',
  network: 'Could not reach the server',
  scope: 'Calendar permission missing',
  redirect: 'Redirect address mismatch',
  state: 'Authorization could not be verified',
  other: 'Authorization failed',
};

export function callbackExplanation(kind: CallbackFailure, origin: string): string {
  switch (kind) {
    case 'denied':
      return 'Google Calendar was not connected because access was denied on the consent screen. Try again and choose Allow to let Daymark read your events and add workouts.';
    case 'missing_code':
      return `${CALENDAR_TEXT.codeMissing} The page was opened without Google's answer; start the connection again from Calendar Settings.`;
    case 'invalid_grant':
      return 'The authorization code is no longer valid: it expired, was already used, or access was revoked in your Google account. Codes last a few minutes and work once, so start the connection again.';
    case 'network':
      return 'The connection could not be finished because the server (or Google) could not be reached. Check your internet connection and try again.';
    case 'scope':
      return "Google did not grant access to your calendar. When you try again, keep the calendar permission ticked on Google's consent screen.";
    case 'redirect':
      return `The return address registered for Daymark in the Google Cloud console does not match this server. Ask your administrator to register ${origin}/dashboard/google-callback as an authorized redirect address for Daymark at Google.`;
    case 'state':
      return 'This sign-in could not be matched to a request from your account: it expired or was started in another session. Start the connection again from Calendar Settings.';
    default:
      return 'Google Calendar could not be connected. Try again; if it keeps failing, check the causes below.';
  }
}

export const COMMON_CAUSES = [
  'The consent screen was cancelled or access was denied',
  'The authorization took too long, or the page was reloaded and the code used twice',
  'Access to Daymark was revoked in your Google account settings',
  'The server could not reach Google, or your connection dropped',
  "The calendar permission was not granted on Google's consent screen",
  "The redirect URI registered with Google does not match this server's address",
];
