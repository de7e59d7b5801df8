import type { DesktopBridge } from '@ridealong/contracts';

/** How long the app has to open its listener (it answers at once; this guards a stuck app). */
export const CALLBACK_READY_TIMEOUT_MS = 10_000;

export const DESKTOP_CALLBACK_UNAVAILABLE =
  'The app could not prepare the Strava connection. Please try again.';

/** Apps from 2.5.0 (they expose their version) receive Strava's return themselves. */
export const appReceivesStrava = (bridge: DesktopBridge): boolean => bridge.version !== undefined;

/**
 * Asks the desktop app for its loopback callback ('strava-callback-open'), resolving with the
 * redirect_uri it answers ('strava-callback-ready'). The listener is added before the message
 * is sent, so a fast answer is not missed.
 */
export function openDesktopCallback(
  bridge: DesktopBridge,
  timeoutMs = CALLBACK_READY_TIMEOUT_MS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(DESKTOP_CALLBACK_UNAVAILABLE));
    }, timeoutMs);
    const off = bridge.on('strava-callback-ready', ({ redirect_uri }) => {
      clearTimeout(timer);
      off();
      resolve(redirect_uri);
    });
    bridge.send('strava-callback-open', {});
  });
}

/** Where the app's main window goes with what Strava sent back: the web's own return page. */
export function stravaReturnSearch(p: { code: string; state: string; scope: string }): string {
  return `?${new URLSearchParams({ state: p.state, code: p.code, scope: p.scope }).toString()}`;
}
