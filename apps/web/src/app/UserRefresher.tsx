import { useEffect } from 'react';
import { useUserStore } from '../stores/user';

/** At app start a stored user id is replaced by the server's copy (document 000, section 7). */
export function UserRefresher() {
  const userId = useUserStore((s) => s.user.userId);
  useEffect(() => {
    // A guest has nothing to refresh, and refreshUser brings the user schema and zod: loaded
    // only for a signed-in user, so a guest's first load goes without them.
    if (!userId) return;
    // Only at start and when a different user signs in; a failure keeps the stored copy.
    import('../lib/refreshUser')
      .then(({ refreshUser }) => refreshUser(userId))
      .catch(() => undefined);
  }, [userId]);
  return null;
}
