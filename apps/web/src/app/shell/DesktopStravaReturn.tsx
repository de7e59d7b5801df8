import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { STRAVA_WEB_CALLBACK_PATH } from '@ridealong/contracts';
import { stravaReturnSearch } from '../../features/profile/lib/desktopStravaCallback';
import { getDesktopBridge } from '../../lib/bridge';
import { useGeneralStore } from '../../stores/general';

/**
 * In the desktop app, Strava's authorisation returns to the app's loopback listener, which
 * hands the code to this window ('strava-callback-received'). The window then goes to the
 * page the documents name for that return, /portal-redirect/strava, which checks the state,
 * exchanges the code and goes on to /profile, as on the web. Mounted in the shell so the
 * return is caught whichever page is showing by then.
 */
export function DesktopStravaReturn() {
  const navigate = useNavigate();
  const electronMode = useGeneralStore((s) => s.electronMode);
  useEffect(() => {
    const bridge = electronMode ? getDesktopBridge() : null;
    if (!bridge) return;
    return bridge.on('strava-callback-received', (payload) => {
      void navigate(`${STRAVA_WEB_CALLBACK_PATH}${stravaReturnSearch(payload)}`);
    });
  }, [electronMode, navigate]);
  return null;
}
