import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type StatsRange, statsResponse } from '#common/api/stats.js';
import { get } from '../../api/client';

export function useStats(range: StatsRange) {
  return useQuery({
    queryKey: ['stats', range],
    queryFn: () => get('/stats', { schema: statsResponse, query: { range } }),
    placeholderData: keepPreviousData,
  });
}

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Mar 1' for a YYYY-MM-DD date (a calendar day: formatted without any zone shift). */
export const shortDate = (date: string) => SHORT.format(new Date(`${date}T00:00:00Z`));
export const longDate = (date: string) => LONG.format(new Date(`${date}T00:00:00Z`));
