import { useQuery } from '@tanstack/react-query';
import { userStatsQuery } from './queries';

/** The browser's IANA zone, so 'this week' and 'this month' end at the member's midnight. */
function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** GET /api/v1/user/data: the stats card's weekly, monthly, yearly and all-time totals. */
export function useUserStats(userId: string) {
  return useQuery(userStatsQuery(userId, browserTimeZone()));
}
