import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getDesktopBridge } from '../../lib/bridge';
import { useGeneralStore } from '../../stores/general';

/**
 * In the desktop app, checkout and the billing portal open outside the app (from pricing or
 * the profile). When the app hears that the checkout status changed or the portal closed, it
 * goes to /portal-redirect to reload the member's plan (document 000 section 4). Mounted in
 * the shell so the return is caught whichever page is showing by then.
 */
export function DesktopBillingReturn() {
  const navigate = useNavigate();
  const electronMode = useGeneralStore((s) => s.electronMode);
  useEffect(() => {
    const bridge = electronMode ? getDesktopBridge() : null;
    if (!bridge) return;
    const back = () => void navigate('/portal-redirect');
    const offStatus = bridge.on('checkout-session-status-changed', back);
    const offPortal = bridge.on('client-portal-closed', back);
    return () => {
      offStatus();
      offPortal();
    };
  }, [electronMode, navigate]);
  return null;
}
