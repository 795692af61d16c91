import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { put } from '../../api/client';
import type { CurrentUser } from '../auth/session';
import { meQuery } from '../auth/session';
import { browserTimeZone } from './useToday';

/**
 * A user whose account has no time zone yet (the first sign-in) gets the browser's, once, so
 * that "today" on the server is the user's today. Afterwards it changes only in settings.
 */
export function useReportTimeZone(user: CurrentUser | undefined) {
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const needed = user !== undefined && user.timezone === null;
  useEffect(() => {
    if (!needed || sent.current) return;
    sent.current = true;
    put('/settings', { timezone: browserTimeZone() })
      .then(() => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }))
      .catch((error) => console.error('Could not save the time zone', error));
  }, [needed, queryClient]);
}
