import { useEffect } from 'react';
import type { DesktopBridge } from '@ridealong/contracts';
import { followDesktopInfo } from '../lib/appTracker';

/**
 * In the desktop app's main window: keeps the ride page's tracker connection on the app's own
 * tracker, connecting as soon as the app says it runs (Connect Device opens its own window).
 */
export function DesktopTrackerLink({ bridge }: { bridge: DesktopBridge }) {
  useEffect(() => followDesktopInfo(bridge), [bridge]);
  return null;
}
