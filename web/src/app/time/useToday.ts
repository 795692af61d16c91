import { todayIn } from '#common/time.js';
import { useSession } from '../auth/session';

let zone: string | undefined;
/**
 * The browser's IANA zone (what a new user's account starts with). Read once per page load:
 * building a DateTimeFormat on every render of every dated component was measurable.
 */
export const browserTimeZone = () => {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return zone;
};

/** The signed-in user's zone: the account's, else the browser's (which the app reports at sign-in). */
export function useTimeZone(): string {
  return useSession().user.timezone ?? browserTimeZone();
}

/** Today's date (YYYY-MM-DD) in the user's zone, as the server computes it. */
export function useToday(): string {
  return todayIn(useTimeZone());
}
