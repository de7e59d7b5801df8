import type { Browser, BrowserContext, Page } from '@playwright/test';
import { desktopConfig, type DesktopConfig } from '../../apps/desktop/src/main/config.js';
import { createDesktopApp, type DesktopApp } from '../../apps/desktop/src/main/desktop-app.js';
import type { HarnessWindow } from './app-window.js';
import { createHarnessPorts, holdableClock, type HarnessPorts } from './ports.js';
import { DESKTOP_VERSION } from './preload-bundle.js';

export interface LaunchOptions {
  browser: Browser;
  /** The server the app is configured with (it may not be listening yet). */
  serverUrl: string;
  /** An earlier launch's userData: the app restarted on its settings and upload state. */
  userData?: string;
  /** More hosts links may open in the system browser (DesktopConfig.externalHosts). */
  externalHosts?: string[];
  /** The app's version (default: apps/desktop/package.json's). */
  version?: string;
  /** The in-process tracker's port (default TRACKER_DEFAULT_PORT; 47110 is the config's tracker). */
  trackerPort?: number;
  /** Hold the app's one-shot timers until `releaseTimers()` (offline page checks). */
  holdTimers?: boolean;
}

export interface LaunchedDesktopApp {
  /** The real main-process core (createDesktopApp), started. */
  app: DesktopApp;
  config: DesktopConfig;
  ports: HarnessPorts;
  /** The app's Electron session: every window is a page of it. */
  context: BrowserContext;
  /** The windows the app opened (and the popups it closed). */
  windows: HarnessPorts['windows'];
  /** The "system browser": URLs the app opened externally, in order. */
  externals: readonly string[];
  system: HarnessPorts['system'];
  /** The main process's log lines (refused messages are logged as warnings). */
  log: HarnessPorts['log'];
  mainWindow(): Promise<HarnessWindow>;
  /** The main window's page. */
  mainPage(): Promise<Page>;
  /** A window the app did not open, in its session (no preload), loading `url`. */
  openForeignPage(url?: string): Promise<Page>;
  /** Starts the one-shot timers held since launch (`holdTimers`); a no-op otherwise. */
  releaseTimers(): void;
  /** Stops the app (windows closed) and closes its session. */
  close(): Promise<void>;
}

/**
 * Starts the real desktop app core on the harness: ports over a fresh BrowserContext of the
 * spec's browser (Debian's Chromium), the real createDesktopApp, started (the main window loads
 * the server, or shows the app's offline page and retries).
 */
export async function launchDesktopApp(opts: LaunchOptions): Promise<LaunchedDesktopApp> {
  const config = desktopConfig({
    serverUrl: opts.serverUrl,
    version: opts.version ?? DESKTOP_VERSION,
    platform: process.platform,
    packaged: false,
    externalHosts: opts.externalHosts ?? [],
    trackerPort: opts.trackerPort,
  });
  // No viewport emulation: a page is as large as its window (WindowOptions, full screen).
  const context = await opts.browser.newContext({
    viewport: null,
    baseURL: config.serverUrl,
    // Electron's session has service workers, but a worker would answer navigations past the
    // guard; the web app registers none.
    serviceWorkers: 'block',
  });
  const clock = opts.holdTimers ? holdableClock() : null;
  const ports = await createHarnessPorts(context, {
    appOrigin: config.origin,
    userData: opts.userData,
    ...(clock ? { clock } : {}),
  });
  const app = createDesktopApp(ports, config);
  await app.start();

  const mainWindow = () => ports.windows.waitFor('main');
  let closed = false;
  return {
    app,
    config,
    ports,
    context,
    windows: ports.windows,
    externals: ports.system.externals,
    system: ports.system,
    log: ports.log,
    mainWindow,
    mainPage: async () => (await mainWindow()).page(),
    openForeignPage: (url) => ports.session.openForeignPage(url),
    releaseTimers: () => clock?.release(),
    async close() {
      if (closed) return;
      closed = true;
      await app.stop();
      await context.close();
    },
  };
}
