import { useMutation } from '@tanstack/react-query';
import { stravaAuthorizeResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { getDesktopBridge } from '../../../lib/bridge';
import { useGeneralStore } from '../../../stores/general';
import {
  deliverStravaAuthorization,
  stravaTarget,
  type StravaTarget,
} from '../lib/stravaAuthorization';
import { rememberStravaState } from '../lib/stravaState';

/**
 * The profile's Connect button: GET /api/v1/strava/authorize?target=web|desktop, the answer's
 * state kept for the callback's check, then the member goes to Strava's authorisation page
 * (the desktop app is handed it instead). Resolves with where it went.
 */
export function useStravaConnect() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  return useMutation({
    mutationFn: async (): Promise<StravaTarget> => {
      const bridge = electronMode ? getDesktopBridge() : null;
      const { data } = await apiRequest('/strava/authorize', {
        query: { target: stravaTarget(bridge) },
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
