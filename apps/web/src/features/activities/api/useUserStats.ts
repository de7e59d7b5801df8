import { useQuery } from '@tanstack/react-query';
import { userStatsSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { activitiesKeys } from './keys';

/** The browser's IANA zone, so 'this week' and 'this month' end at the member's midnight. */
function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** GET /api/v1/user/data: the stats card's weekly, monthly, yearly and all-time totals. */
export function useUserStats(userId: string) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: [...activitiesKeys.stats(userId), tz],
    queryFn: async () =>
      (await apiRequest('/user/data', { query: { user_id: userId, tz }, schema: userStatsSchema }))
        .data,
    enabled: userId !== '',
  });
}
