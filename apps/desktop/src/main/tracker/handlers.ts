import type { DesktopConfig } from '../config.js';
import type { Logger, MessageHandlers } from '../ports.js';
import type { SettingsStore } from '../settings.js';
import type { WindowRegistry } from '../window-registry.js';
import { desktopInfo, trackerWindowUrl, type DesktopInfo } from './desktop-info.js';
import type { TrackerService } from './tracker-service.js';
import { openTrackerWindow } from './tracker-window.js';

export type TrackerMessages = 'open-tracker' | 'set-simulator' | 'get-desktop-info';

export interface TrackerDeps {
  /** createTrackerService(...): the core stops it (tracker.stop()) when the app quits. */
  tracker: TrackerService;
  windows: Pick<WindowRegistry, 'open' | 'all'>;
  settings: Pick<SettingsStore, 'get' | 'update'>;
  config: Pick<DesktopConfig, 'serverUrl' | 'version' | 'platform'>;
  log: Logger;
}

/**
 * Connect Device in the app: open-tracker starts the in-process tracker (if it is not running)
 * and shows its window; set-simulator keeps the setting and applies it; every window hears
 * 'desktop-info' again whenever the tracker or the setting changes.
 */
export function trackerHandlers(deps: TrackerDeps): Pick<MessageHandlers, TrackerMessages> {
  const info = (): DesktopInfo =>
    desktopInfo({
      version: deps.config.version,
      platform: deps.config.platform,
      simulator: deps.settings.get().simulator,
      tracker: deps.tracker.state(),
    });
  const broadcast = () => {
    const payload = info();
    for (const w of deps.windows.all()) if (!w.isDestroyed()) w.send('desktop-info', payload);
  };
  deps.tracker.onChange(broadcast);

  return {
    'open-tracker': async () => {
      // The window first: the rider sees it at once, and its page follows the tracker's start.
      const opened = openTrackerWindow({
        windows: deps.windows,
        url: trackerWindowUrl(deps.config.serverUrl),
        serverUrl: deps.config.serverUrl,
        log: deps.log,
      });
      await Promise.all([opened, deps.tracker.ensureStarted()]);
    },
    'set-simulator': async ({ enabled }) => {
      if (deps.settings.get().simulator !== enabled) deps.settings.update({ simulator: enabled });
      deps.log.info(`Simulated trainer ${enabled ? 'on' : 'off'}`);
      await deps.tracker.setSimulator(enabled);
      broadcast();
    },
    'get-desktop-info': (_payload, ctx) => {
      ctx.window.send('desktop-info', info());
    },
  };
}
