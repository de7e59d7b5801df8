import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@ridealong/contracts';
import { apiRequest } from '../../lib/api';
import { getDesktopBridge } from '../../lib/bridge';
import { useGeneralStore } from '../../stores/general';
import { forgetTracker } from '../../stores/tracker';
import { useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';

/**
 * Log Out (document 000 section 4): revoke the session on the server (failures ignored, the
 * local sign-out must happen anyway), reset the user and the terms flags, then leave: the
 * desktop app clears its browser cache and shows /login, the web goes home.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const ui = useUiStore.getState();
    // The page is hidden before the session is revoked, not after: once it is, any request the
    // page still has in flight answers 401, which resets the user (apiRequest) while a
    // members-only page is shown, and that page's own redirect to /login?redirect=... would
    // win over going home (seen in CI). AppLayout shows no page while loading.
    const general = useGeneralStore.getState();
    ui.setLoading(true);
    ui.setLeavingTo(general.electronMode ? '/login' : '/');
    try {
      await apiRequest('/logout', { method: 'POST', schema: okSchema }).catch(() => undefined);
      // Leave first: a members-only page still shown when the user is reset sends the rider to
      // /login?redirect=... itself, and that navigation could win over this one. A navigation
      // renders in a transition, which the store's urgent update would overtake: flushSync
      // renders home before the user is reset (seen in CI: /login?redirect=profile).
      if (!general.electronMode) await navigate('/', { flushSync: true });
      useUserStore.getState().logout();
      queryClient.clear(); // nothing of the previous member stays cached
      general.clearTerms();
      // The remembered tracker is this member's setup, not the next one's.
      forgetTracker();
      if (general.electronMode) {
        getDesktopBridge()?.send('clear-browser-cache', {});
        await navigate('/login');
      }
    } catch (error) {
      ui.setLeavingTo(null);
      throw error;
    } finally {
      ui.setLoading(false);
    }
  }, [navigate, queryClient]);
}
