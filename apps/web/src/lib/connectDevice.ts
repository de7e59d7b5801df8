import type { DesktopBridge } from '@ridealong/contracts';
import { reconnectsOnLoad, trackerRemembered, useTrackerStore } from '../stores/tracker';
import { getDesktopBridge } from './bridge';

/**
 * The desktop app 2.5.0 and later (its bridge has a version): the tracker runs inside it and
 * Connect Device is its own window. Older apps and plain browsers use the web's panel.
 */
export function getAppTrackerBridge(): DesktopBridge | null {
  const bridge = getDesktopBridge();
  return bridge && typeof bridge.version === 'string' ? bridge : null;
}

/**
 * Connect Device (the profile menu, Start without a live trainer, a started event's Connect).
 * In the app with its own tracker it is the app's tracker window, which connects the trainer
 * for every window: opening the web's drawer as well would show the same controls twice, one
 * of them hidden behind the other window. Elsewhere the drawer opens (an older desktop app is
 * also told, as before, to show its tracker).
 */
export function openConnectDevice(userId: number | null): void {
  const id = userId && userId > 0 ? userId : null;
  getDesktopBridge()?.send('open-tracker', { userId: id });
  if (getAppTrackerBridge()) return;
  // The drawer is drawn in the page's body, which a fullscreen stage (a waiting room's Connect
  // trainer) would hide.
  if (typeof document !== 'undefined' && document.fullscreenElement) {
    void document.exitFullscreen().catch(() => undefined);
  }
  useTrackerStore.getState().openPanel();
}

/** Whether this page reconnects by itself to a remembered tracker (stores/tracker reconnectsOnLoad). */
export function reconnectsHere(electronMode: boolean): boolean {
  return reconnectsOnLoad({
    electronMode,
    remembered: trackerRemembered(),
    appBridge: getAppTrackerBridge() !== null,
  });
}
