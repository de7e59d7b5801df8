import { CANCELLATION_REDIRECT_MS, cancellationMessage } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { useRefreshedUser } from '../api/useRefreshedUser';
import { WaitCard } from '../components/WaitCard';
import { useRedirectAfter } from '../hooks/useRedirectAfter';

/**
 * /cancellation-success: access lasts to the end of the paid period. The user is reloaded
 * first, since the stored copy predates the cancellation and its period end.
 */
export function CancellationSuccessPage() {
  const refresh = useRefreshedUser();
  const user = useUserStore((s) => s.user);
  useRedirectAfter('/', CANCELLATION_REDIRECT_MS);
  return (
    <WaitCard
      title="Membership cancelled"
      message={cancellationMessage(user)}
      testId="cancellation-success-message"
      refreshError={refresh.error}
    />
  );
}
