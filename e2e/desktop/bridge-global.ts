import type { DesktopBridge } from '@ridealong/contracts';

/** What the real preload exposes in an app window's page (absent in a plain browser). */
declare global {
  interface Window {
    desktopBridge?: DesktopBridge;
  }
}

export {};
