import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { customerPortalResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { getDesktopBridge } from '../../../lib/bridge';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { deliverPortalUrl } from '../lib/portal';

/**
 * POST /api/v1/payment/{userId}/customer-portal {electronMode} -> portal_url. On the web the page
 * is replaced with it; in the desktop app it opens through 'client-portal-opened', and when the
 * app reports the portal closed we go to /portal-redirect like a web return would.
 */
export function useCustomerPortal() {
  const userId = useUserStore((s) => s.user.userId);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const navigate = useNavigate();
  const unsubscribe = useRef<(() => void) | null>(null);
  useEffect(() => () => unsubscribe.current?.(), []);

  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(`/payment/${userId}/customer-portal`, {
          method: 'POST',
          body: { electronMode },
          schema: customerPortalResponseSchema,
        })
      ).data.portal_url,
    onSuccess: (portalUrl) => {
      const bridge = electronMode ? getDesktopBridge() : null;
      const where = deliverPortalUrl(portalUrl, {
        bridge,
        replace: (url) => window.location.replace(url),
      });
      if (where === 'desktop' && bridge) {
        unsubscribe.current?.();
        unsubscribe.current = bridge.on('client-portal-closed', () => {
          unsubscribe.current?.();
          unsubscribe.current = null;
          void navigate('/portal-redirect');
        });
      }
    },
  });
}
