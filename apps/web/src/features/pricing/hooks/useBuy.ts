import { useNavigate } from 'react-router';
import { buyAction, type PaymentSetup } from '@ridealong/contracts';
import { getDesktopBridge } from '../../../lib/bridge';
import { useGeneralStore } from '../../../stores/general';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useCreateCheckoutSession } from '../api/useCreateCheckoutSession';
import { checkoutType, priceIdFor, type Billing, type PaidPlan } from '../lib/prices';

/**
 * The buy flow of document 000 section 4. Guests log in first; members who already pay (or
 * hold complimentary access) go to their profile; others get a checkout session. The browser
 * goes to its URL; the desktop app opens it outside (checkout-session-opened) and comes back
 * through the bridge events that DesktopBillingReturn listens to.
 */
export function useBuy(setup: PaymentSetup | undefined) {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const signedIn = useUserStore(selectSignedIn);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const checkout = useCreateCheckoutSession();

  const buy = (plan: PaidPlan, billing: Billing) => {
    // Decided at click time from the store, so a session that ended meanwhile goes to /login.
    const action = buyAction(signedIn ? user : null);
    if (action === 'login') return void navigate('/login');
    if (action === 'profile') return void navigate('/profile');
    const bridge = electronMode ? getDesktopBridge() : null;
    checkout.mutate(
      {
        type: checkoutType(plan, billing),
        user_id: Number(user.userId),
        email: user.email,
        priceId: priceIdFor(setup, plan, billing),
        electronMode: bridge !== null,
      },
      {
        onSuccess: ({ sessionId, url }) => {
          if (bridge) bridge.send('checkout-session-opened', { sessionId });
          else window.location.assign(url);
        },
      },
    );
  };

  return { buy, pending: checkout.isPending, error: checkout.error };
}
