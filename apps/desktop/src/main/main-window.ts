import type { DesktopConfig } from './config.js';
import { offlinePageHtml } from './offline-page.js';
import type { AppWindow, Clock, Logger } from './ports.js';
import type { WindowRegistry } from './window-registry.js';

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 30_000;

/** The wait before retry number `attempt` (0-based): 2 s, doubling, at most 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempt, 10)));
}

/** The web app in desktop mode; `v` lets the version gate send an old app to /upgrade. */
export function mainWindowUrl(config: Pick<DesktopConfig, 'serverUrl' | 'version'>): string {
  return `${config.serverUrl}/?electronMode=true&v=${encodeURIComponent(config.version)}`;
}

export interface MainWindowLoader {
  /** Opens the main window and loads the app (the offline page and retries until it does). */
  start(): Promise<void>;
  /** A later load of the main window failed (e.g. a reload while offline): offline page, retry. */
  loadFailed(): void;
  stop(): void;
}

export function createMainWindowLoader(deps: {
  windows: WindowRegistry;
  config: DesktopConfig;
  clock: Clock;
  log: Logger;
}): MainWindowLoader {
  const { config, clock, log } = deps;
  let state: 'idle' | 'loading' | 'waiting' | 'online' | 'stopped' = 'idle';
  let attempt = 0;
  let cancelRetry: (() => void) | null = null;

  async function load(): Promise<void> {
    const w = deps.windows.main();
    // Closed meanwhile (macOS keeps the app running): start() opens it again.
    if (state === 'stopped' || !w) return;
    state = 'loading';
    try {
      await w.load(mainWindowUrl(config));
      if (state !== 'loading') return;
      state = 'online';
      attempt = 0;
    } catch (err) {
      if (state !== 'loading') return;
      log.warn(
        `Loading ${config.serverUrl} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      await showOfflineAndRetry(w);
    }
  }

  async function showOfflineAndRetry(w: AppWindow): Promise<void> {
    const delay = retryDelayMs(attempt);
    attempt += 1;
    state = 'waiting';
    cancelRetry?.();
    cancelRetry = clock.setTimeout(() => {
      cancelRetry = null;
      void load();
    }, delay);
    if (w.isDestroyed()) return;
    try {
      await w.loadHtml(
        offlinePageHtml({ serverUrl: config.serverUrl, retryInSeconds: delay / 1000 }),
      );
    } catch (err) {
      log.error(`Showing the offline page failed: ${String(err)}`);
    }
  }

  return {
    async start() {
      if (state === 'stopped') return;
      const { window: w, created } = deps.windows.open('main');
      if (!created) return;
      w.onClosed(() => {
        if (state === 'stopped') return;
        cancelRetry?.();
        cancelRetry = null;
        state = 'idle';
        attempt = 0;
      });
      await load();
    },
    loadFailed() {
      if (state !== 'online') return;
      const w = deps.windows.main();
      if (!w) return;
      log.warn('The main window failed to load a page; showing the offline page');
      void showOfflineAndRetry(w);
    },
    stop() {
      state = 'stopped';
      cancelRetry?.();
      cancelRetry = null;
    },
  };
}
