import { useQuery } from '@tanstack/react-query';
import { refreshUser } from '../../../lib/refreshUser';
import { useUserStore } from '../../../stores/user';

/**
 * GET /api/v1/users/{id} after a purchase or a portal visit: the plan changed on the server,
 * so the stored user is replaced with its copy (as UserRefresher does at app start).
 */
export function useRefreshedUser() {
  const userId = useUserStore((s) => s.user.userId);
  return useQuery({
    queryKey: ['membership-refresh', userId],
    queryFn: () => refreshUser(userId),
    enabled: userId !== '',
    // Every visit must ask again: the webhook may have changed the plan a moment ago.
    gcTime: 0,
    staleTime: 0,
    retry: 1,
  });
}
