import type { DesktopEvents } from '@ridealong/contracts';
import type { TrackerState } from './tracker-service.js';

export type DesktopInfo = DesktopEvents['desktop-info'];

/** What the web learns about the app: its version and platform, the tracker and its simulator. */
export function desktopInfo(input: {
  version: string;
  platform: string;
  simulator: boolean;
  tracker: TrackerState;
}): DesktopInfo {
  return {
    version: input.version,
    platform: input.platform,
    simulator: input.simulator,
    trackerUrl: input.tracker.url,
    trackerRunning: input.tracker.status === 'running',
    trackerError: input.tracker.message,
  };
}

/** The tracker window's page of the web app. */
export const CONNECT_DEVICE_PATH = '/connect-device';

export function trackerWindowUrl(serverUrl: string): string {
  return `${serverUrl}${CONNECT_DEVICE_PATH}`;
}
