import { PLAN_TEXT, PURCHASE_REDIRECT_MS } from '@ridealong/contracts';
import { useRefreshedUser } from '../api/useRefreshedUser';
import { WaitCard } from '../components/WaitCard';
import { useRedirectAfter } from '../hooks/useRedirectAfter';

/** /payment-sucess (spelled so): the checkout's return; reloads the user, then /profile. */
export function PaymentSuccessPage() {
  const refresh = useRefreshedUser();
  useRedirectAfter('/profile', PURCHASE_REDIRECT_MS);
  return (
    <WaitCard
      title="Thank you!"
      message={PLAN_TEXT.purchased}
      testId="payment-success-message"
      refreshError={refresh.error}
    />
  );
}
