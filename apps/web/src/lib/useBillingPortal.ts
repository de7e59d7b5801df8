import { useMutation } from '@tanstack/react-query';
import { customerPortalResponseSchema } from '@ridealong/contracts';
import { useGeneralStore } from '../stores/general';
import { useUserStore } from '../stores/user';
import { apiRequest } from './api';
import { deliverPortalUrl } from './billingPortal';
import { getDesktopBridge } from './bridge';

/**
 * Opens the billing portal (POST /api/v1/payment/{userId}/customer-portal {electronMode}) from
 * the profile or the pricing page. The desktop app's return (client-portal-closed ->
 * /portal-redirect) is handled once, in the shell's DesktopBillingReturn.
 */
export function useBillingPortal() {
  const userId = useUserStore((s) => s.user.userId);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const portal = useMutation({
    mutationFn: async () => {
      const bridge = electronMode ? getDesktopBridge() : null;
      const { data } = await apiRequest(`/payment/${encodeURIComponent(userId)}/customer-portal`, {
        method: 'POST',
        body: { electronMode: bridge !== null },
        schema: customerPortalResponseSchema,
      });
      deliverPortalUrl(data.portal_url, { bridge, replace: (url) => window.location.replace(url) });
    },
  });
  return { open: () => portal.mutate(), pending: portal.isPending, error: portal.error };
}
