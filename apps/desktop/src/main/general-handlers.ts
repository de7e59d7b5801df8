import type { Logger, MessageHandlers, SystemPorts } from './ports.js';
import type { WindowRegistry } from './window-registry.js';

export type GeneralMessages = 'open-external' | 'quit-app' | 'clear-browser-cache';

export interface GeneralDeps {
  /** The window rules' allow-listed opener (false: refused and logged). */
  openExternal: (url: string) => boolean;
  windows: WindowRegistry;
  system: Pick<SystemPorts, 'quit'>;
  log: Logger;
}

/** The shell's own messages: Help and Pricing open externally, Quit App, logout's cache. */
export function generalHandlers(deps: GeneralDeps): Pick<MessageHandlers, GeneralMessages> {
  return {
    'open-external': ({ url }) => {
      deps.openExternal(url);
    },
    'quit-app': () => {
      deps.log.info('Quit App');
      deps.system.quit();
    },
    // Logout: the windows' cache, cookies and storage; the web then goes to /login itself.
    'clear-browser-cache': async (_payload, ctx) => {
      const windows = new Set([ctx.window, ...deps.windows.all()]);
      await Promise.all(
        [...windows].filter((w) => !w.isDestroyed()).map((w) => w.clearBrowserData()),
      );
      deps.log.info('Cleared the browser cache');
    },
  };
}
