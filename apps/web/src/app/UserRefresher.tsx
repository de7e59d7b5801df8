import { useEffect } from 'react';
import { refreshUser } from '../lib/refreshUser';
import { useUserStore } from '../stores/user';

/** At app start a stored user id is replaced by the server's copy (document 000, section 7). */
export function UserRefresher() {
  const userId = useUserStore((s) => s.user.userId);
  useEffect(() => {
    // Only at start and when a different user signs in; a failure keeps the stored copy.
    refreshUser(userId).catch(() => undefined);
  }, [userId]);
  return null;
}
