import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { desktopConfig, resolveServerUrl } from '../config.js';
import { createDesktopApp, type DesktopApp } from '../desktop-app.js';
import { createSettingsStore } from '../settings.js';
import { resolveTrackerPort } from '../tracker/tracker-port.js';
import { startElectronUpdates } from '../updates/electron-updater.js';
import type { Updates } from '../updates/updater.js';
import { electronIpc } from './ipc.js';
import { secureSessions } from './session.js';
import { consoleLogger, electronPaths, electronSystem, systemClock } from './system.js';
import { createElectronWindowFactory } from './windows.js';

/** The app's entry (dist/main.cjs): Electron's lifecycle around the core. */
declare const __DESKTOP_VERSION__: string;
const log = consoleLogger;

// Every renderer sandboxed, whatever a window asks.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let desktop: DesktopApp | null = null;
  let updates: Updates | null = null;

  app.on('second-instance', () => {
    const main = desktop?.windows.main();
    if (main) {
      main.show();
      main.focus();
    }
  });

  app
    .whenReady()
    .then(async () => {
      const paths = electronPaths();
      const settings = createSettingsStore(paths.userData, log).get();
      const { serverUrl, source } = resolveServerUrl(
        {
          argv: process.argv,
          env: process.env,
          settingsServerUrl: settings.serverUrl,
          packaged: app.isPackaged,
        },
        (m) => log.warn(m),
      );
      const config = desktopConfig({
        serverUrl,
        version: __DESKTOP_VERSION__,
        platform: process.platform,
        packaged: app.isPackaged,
        externalHosts: settings.externalHosts,
        trackerPort: resolveTrackerPort({ argv: process.argv, env: process.env }, (m) =>
          log.warn(m),
        ),
      });
      log.info(`Server ${config.serverUrl} (from ${source})`);
      secureSessions(config.origin);
      desktop = createDesktopApp(
        {
          windows: createElectronWindowFactory({
            preloadPath: join(__dirname, 'preload.cjs'),
            origin: config.origin,
            onMainLoadFailed: () => desktop?.mainLoadFailed(),
          }),
          ipc: electronIpc,
          system: electronSystem,
          paths,
          log,
          clock: systemClock,
          fetch: globalThis.fetch,
        },
        config,
      );
      await desktop.start();
      // Installed apps only, from the configured server's HTTPS feed (src/main/updates/).
      updates = startElectronUpdates({
        serverUrl: config.serverUrl,
        version: config.version,
        packaged: app.isPackaged,
        platform: process.platform,
        env: process.env,
        clock: systemClock,
        log,
      });
    })
    .catch((err: unknown) => {
      log.error(`Start failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      app.exit(1);
    });

  // macOS keeps the app in the dock without windows; clicking it opens the main window again.
  app.on('activate', () => {
    if (desktop && BrowserWindow.getAllWindows().length === 0) void desktop.start();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping || !desktop) return;
    stopping = true;
    event.preventDefault();
    updates?.stop();
    const stop = desktop.stop();
    const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
    void Promise.race([stop, timeout])
      .catch((err: unknown) => log.error(`Stopping failed: ${String(err)}`))
      .finally(() => app.quit());
  });
}
