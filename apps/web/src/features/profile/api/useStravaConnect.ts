import { useMutation } from '@tanstack/react-query';
import { stravaAuthorizeResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { getDesktopBridge } from '../../../lib/bridge';
import { useGeneralStore } from '../../../stores/general';
import { appReceivesStrava, openDesktopCallback } from '../lib/desktopStravaCallback';
import {
  deliverStravaAuthorization,
  stravaTarget,
  type StravaTarget,
} from '../lib/stravaAuthorization';
import { rememberStravaState } from '../lib/stravaState';

/**
 * The profile's Connect button: GET /api/v1/strava/authorize?target=web|desktop, the answer's
 * state kept for the callback's check, then the member goes to Strava's authorisation page
 * (the desktop app is handed it instead). Resolves with where it went. The desktop app (2.5.0
 * and later) first opens its loopback callback, and the authorisation returns there; the
 * shell's DesktopStravaReturn then brings the main window to /portal-redirect/strava.
 */
export function useStravaConnect() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  return useMutation({
    mutationFn: async (): Promise<StravaTarget> => {
      const bridge = electronMode ? getDesktopBridge() : null;
      const redirectUri =
        bridge && appReceivesStrava(bridge) ? await openDesktopCallback(bridge) : undefined;
      const { data } = await apiRequest('/strava/authorize', {
        query: { target: stravaTarget(bridge), redirect_uri: redirectUri },
        schema: stravaAuthorizeResponseSchema,
      });
      rememberStravaState(data.state);
      return deliverStravaAuthorization(data.url, {
        bridge,
        assign: (url) => window.location.assign(url),
      });
    },
  });
}
