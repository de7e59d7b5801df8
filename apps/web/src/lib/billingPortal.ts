import type { DesktopBridge } from '@ridealong/contracts';

/**
 * Where a portal_url goes (document 000 section 7): in desktop mode the app opens it through
 * the 'client-portal-opened' message; on the web the page is replaced, so Back does not
 * return to a profile that still shows the old plan.
 */
export function deliverPortalUrl(
  portalUrl: string,
  target: { bridge: DesktopBridge | null; replace: (url: string) => void },
): 'desktop' | 'web' {
  if (target.bridge) {
    target.bridge.send('client-portal-opened', { portalUrl });
    return 'desktop';
  }
  target.replace(portalUrl);
  return 'web';
}
