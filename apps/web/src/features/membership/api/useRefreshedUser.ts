import { useQuery } from '@tanstack/react-query';
import { useUserStore } from '../../../stores/user';
import { refreshedUserQuery } from './queries';

/** GET /api/v1/users/{id} after a purchase or a portal visit: the stored user is replaced. */
export function useRefreshedUser() {
  const userId = useUserStore((s) => s.user.userId);
  return useQuery(refreshedUserQuery(userId));
}
