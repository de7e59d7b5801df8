import { autoUpdater } from 'electron-updater';
import type { Clock, Logger } from '../ports.js';
import { startUpdates, type Updates, type UpdaterPort } from './updater.js';

/**
 * electron-updater as the UpdaterPort (Electron's side; the rules and schedule are updater.ts).
 * What it verifies, beyond the feed's sha512 of every download:
 * - Windows: the downloaded installer's Authenticode signature against the publisherName that
 *   electron-builder wrote into the installed app's app-update.yml (the signing certificate's
 *   subject); an unsigned or differently signed installer is refused.
 * - macOS: Squirrel.Mac installs only an app whose code signature satisfies the running app's
 *   designated requirement (same Team ID).
 * - Linux AppImage: no platform signature; the sha512 of the HTTPS feed is the check.
 * A failed check, download or verification is an error event: logged, the running app stays.
 */
function electronUpdaterPort(log: Logger): UpdaterPort {
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.allowDowngrade = false;
  autoUpdater.allowPrerelease = false;
  autoUpdater.disableWebInstaller = true;
  autoUpdater.logger = {
    info: (m?: unknown) => log.info(`updater: ${String(m)}`),
    warn: (m?: unknown) => log.warn(`updater: ${String(m)}`),
    error: (m?: unknown) => log.error(`updater: ${String(m)}`),
  };
  // Without a listener an 'error' event would throw in the main process.
  autoUpdater.on('error', (error: Error) => log.warn(`updater error: ${error.message}`));
  return {
    setFeedUrl: (url) => autoUpdater.setFeedURL({ provider: 'generic', url }),
    check: async () => {
      const result = await autoUpdater.checkForUpdates();
      if (!result?.isUpdateAvailable) return null;
      return { version: result.updateInfo.version, files: result.updateInfo.files };
    },
    download: async () => {
      await autoUpdater.downloadUpdate();
    },
  };
}

/**
 * Starts the updates of an installed app. The core's Electron adapter calls it once the app is
 * ready (src/main/electron/index.ts) and calls stop() on quit:
 *   const updates = startElectronUpdates({ serverUrl: config.serverUrl, version: config.version,
 *     packaged: app.isPackaged, platform: process.platform, env: process.env, clock, log });
 */
export function startElectronUpdates(opts: {
  serverUrl: string;
  version: string;
  packaged: boolean;
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  log: Logger;
}): Updates {
  return startUpdates({ ...opts, updater: electronUpdaterPort(opts.log) });
}
