import type { DesktopBridge } from '@ridealong/contracts';

declare global {
  interface Window {
    desktopBridge?: DesktopBridge;
  }
}

/** The desktop app's bridge, or null in a plain browser (the UI then acts as the web version). */
export function getDesktopBridge(): DesktopBridge | null {
  return typeof window !== 'undefined' && window.desktopBridge ? window.desktopBridge : null;
}

/** Opens a link outside the app: the system browser in desktop mode, a new tab otherwise. */
export function openExternal(url: string): void {
  const bridge = getDesktopBridge();
  if (bridge) bridge.send('open-external', { url });
  else window.open(url, '_blank', 'noopener');
}
