import { getDesktopBridge } from '../../../lib/bridge';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { useCustomerPortal } from '../api/useCustomerPortal';

/**
 * Opens the billing portal (Restore, update payment method): the browser is sent to the
 * portal's URL; the desktop app opens it outside with client-portal-opened and returns to
 * /portal-redirect on client-portal-closed.
 */
export function useOpenPortal() {
  const userId = useUserStore((s) => s.user.userId);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const portal = useCustomerPortal();

  const open = () => {
    const bridge = electronMode ? getDesktopBridge() : null;
    portal.mutate(
      { userId, electronMode: bridge !== null },
      {
        onSuccess: ({ portal_url }) => {
          if (bridge) bridge.send('client-portal-opened', { portalUrl: portal_url });
          else window.location.assign(portal_url);
        },
      },
    );
  };

  return { open, pending: portal.isPending, error: portal.error };
}
