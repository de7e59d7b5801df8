import { create } from 'zustand';
import type { DesktopBridge, DesktopEvents } from '@ridealong/contracts';
import { useTrackerStore } from '../../../stores/tracker';
import { ensureTracker, startTracker } from './trackerClient';
import { setAppTrackerUrl } from './trackerUrl';

export type DesktopInfo = DesktopEvents['desktop-info'];

/** What the desktop app last said about itself and its tracker; null in a browser. */
export const useDesktopInfoStore = create<{ info: DesktopInfo | null }>()(() => ({ info: null }));

/**
 * Applies the app's 'desktop-info': the tracker connection goes to the app's own tracker once
 * it runs (or to whatever holds its port, which the page then explains), and moves when the
 * address changes.
 */
export function applyDesktopInfo(info: DesktopInfo): void {
  const before = useDesktopInfoStore.getState().info;
  useDesktopInfoStore.setState({ info });
  setAppTrackerUrl(info.trackerUrl);
  // Not started yet (it starts with Connect Device): nothing answers there.
  if (!info.trackerRunning && !info.trackerError) return;
  const { connection } = useTrackerStore.getState();
  const moved = before !== null && before.trackerUrl !== info.trackerUrl;
  if (moved && connection.source === 'tracker') startTracker();
  else ensureTracker();
}

let stopFollowing: (() => void) | null = null;

/** Listens to the app's 'desktop-info' (sent on every change) and asks for it once. */
export function followDesktopInfo(bridge: DesktopBridge): () => void {
  if (stopFollowing) return stopFollowing;
  const off = bridge.on('desktop-info', applyDesktopInfo);
  bridge.send('get-desktop-info', {});
  stopFollowing = () => {
    off();
    stopFollowing = null;
  };
  return stopFollowing;
}
