import { join } from 'node:path';
import { startTracker } from '@ridealong/tracker';
import { billingHandlers } from './billing/handlers.js';
import type { DesktopConfig } from './config.js';
import { demoHandlers } from './demo/handlers.js';
import { generalHandlers } from './general-handlers.js';
import { googleHandlers } from './google/handlers.js';
import { createIpcRouter, type IpcRouter } from './ipc-router.js';
import { createMainWindowLoader } from './main-window.js';
import type { DesktopPorts, MessageHandlers } from './ports.js';
import { createSettingsStore, type SettingsStore } from './settings.js';
import { stravaHandlers } from './strava/handlers.js';
import { trackerHandlers } from './tracker/handlers.js';
import { createTrackerService } from './tracker/tracker-service.js';
import { createUploaderFeature } from './uploader/feature.js';
import { createWindowRegistry, type WindowRegistry } from './window-registry.js';
import { createWindowRules, type AppWindowRules } from './window-rules.js';

/** The tracker's remembered devices, in the user data folder. */
export const TRACKER_DATA_FILE = 'tracker-devices.json';

/**
 * The app's main-process core, on ports only: the Electron adapter (src/main/electron/) and
 * the e2e harness (e2e/desktop/) both run it.
 *
 *   const app = createDesktopApp(ports, desktopConfig({ serverUrl, version }));
 *   await app.start(); // main window: the web app in desktop mode, or the offline page
 *   ...
 *   await app.stop();
 */
export interface DesktopApp {
  /** Opens the main window and loads the app (offline page and retries until it loads). */
  start(): Promise<void>;
  /** Stops retries, timers, listeners and the tracker, and closes every window. */
  stop(): Promise<void>;
  readonly windows: WindowRegistry;
  readonly settings: SettingsStore;
  readonly rules: AppWindowRules;
  readonly router: IpcRouter;
  /** The adapter reports a later failed load of the main window (offline page, retry). */
  mainLoadFailed(): void;
}

export function createDesktopApp(ports: DesktopPorts, config: DesktopConfig): DesktopApp {
  const { log, clock, paths, system } = ports;
  const settings = createSettingsStore(paths.userData, log);
  const rules = createWindowRules({
    origin: config.origin,
    externalHosts: [...config.externalHosts, ...settings.get().externalHosts],
    openExternal: (url) => system.openExternal(url),
    log,
  });
  const { openExternal } = rules;
  const windows = createWindowRegistry(ports.windows, rules);
  const mainWindow = createMainWindowLoader({ windows, config, clock, log });
  const mainOf = () => windows.main();

  // The features (each its own folder); what they hold is stopped with the app.
  const tracker = createTrackerService({
    start: startTracker,
    port: config.trackerPort,
    allowedOrigin: config.origin,
    dataFile: join(paths.userData, TRACKER_DATA_FILE),
    simulator: () => settings.get().simulator,
    log,
  });
  // The uploader and the owner tools' file messages share one registry of picked files.
  const uploader = createUploaderFeature({ ports, config, windows });
  const demo = demoHandlers({ clock, windows, log });
  const billing = billingHandlers({
    serverUrl: config.serverUrl,
    openExternal,
    fetch: ports.fetch,
    clock,
    log,
    mainWindow: mainOf,
  });
  const strava = stravaHandlers({
    serverUrl: config.serverUrl,
    openExternal,
    clock,
    log,
    mainWindow: mainOf,
  });
  const google = googleHandlers({
    serverUrl: config.serverUrl,
    openExternal,
    clock,
    log,
    mainWindow: mainOf,
  });

  // One handler per message: a feature that leaves one out fails to compile here.
  const handlers: MessageHandlers = {
    ...generalHandlers({ openExternal, windows, system, log }),
    ...trackerHandlers({ tracker, windows, settings, config, log }),
    ...demo,
    ...billing,
    ...strava,
    ...google,
    ...uploader.handlers,
  };

  const router = createIpcRouter({
    ipc: ports.ipc,
    lookup: (id) => windows.byWebContentsId(id),
    origin: config.origin,
    handlers,
    onUserActivity: (window) => demo.onUserActivity(window),
    log,
  });

  let stopped = false;
  return {
    windows,
    settings,
    rules,
    router,
    async start() {
      if (stopped) return;
      log.info(`RideAlong ${config.version} starting against ${config.serverUrl}`);
      await mainWindow.start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      mainWindow.stop();
      demo.dispose();
      billing.dispose();
      strava.dispose();
      google.dispose();
      windows.closeAll();
      const settle = (what: string, p: Promise<void>) =>
        p.catch((err: unknown) => log.error(`Stopping ${what} failed: ${String(err)}`));
      // The uploader stops work in flight; a pending upload stays resumable.
      await Promise.all([
        settle('the tracker', tracker.stop()),
        settle('the uploader', uploader.dispose()),
      ]);
    },
    mainLoadFailed: () => mainWindow.loadFailed(),
  };
}
