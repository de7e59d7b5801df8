import type { DesktopBridge } from '@ridealong/contracts';

/** Which authorisation GET /strava/authorize is asked for. */
export type StravaTarget = 'web' | 'desktop';

export const stravaTarget = (bridge: DesktopBridge | null): StravaTarget =>
  bridge ? 'desktop' : 'web';

/**
 * Where Strava's authorisation page goes (document 000 section 7). On the web this tab goes
 * there and comes back to /portal-redirect/strava. In desktop mode the app is handed the page
 * through 'fitness-network-portal-opened' (it opens it in the system browser), and the
 * member's return is the desktop app's to receive.
 */
export function deliverStravaAuthorization(
  url: string,
  target: { bridge: DesktopBridge | null; assign: (url: string) => void },
): StravaTarget {
  if (target.bridge) {
    target.bridge.send('fitness-network-portal-opened', { url });
    return 'desktop';
  }
  target.assign(url);
  return 'web';
}
