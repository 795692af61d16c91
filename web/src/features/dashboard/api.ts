import { useQuery } from '@tanstack/react-query';
import { dashboardOverview } from '../../../../common/src/api/dashboard';
import { get } from '../../api/client';

export const overviewKey = ['dashboard', 'overview'] as const;

/** The whole overview in one request, read afresh each time the page opens. */
export function useOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: () => get('/dashboard/overview', { schema: dashboardOverview }),
    staleTime: 0,
  });
}
