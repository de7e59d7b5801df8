import { app, BrowserWindow, dialog, shell } from 'electron';
import { mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { AppPaths, Clock, Logger, SystemPorts } from '../ports.js';

export const electronSystem: SystemPorts = {
  openExternal: (url) => shell.openExternal(url),
  async showOpenDialog(parent, options) {
    const owner = parent && !parent.isDestroyed() ? BrowserWindow.fromId(parent.id) : null;
    const properties: ('openFile' | 'multiSelections')[] = options.multiple
      ? ['openFile', 'multiSelections']
      : ['openFile'];
    const dialogOptions = { title: options.title, filters: options.filters, properties };
    const result = owner
      ? await dialog.showOpenDialog(owner, dialogOptions)
      : await dialog.showOpenDialog(dialogOptions);
    return result.canceled ? [] : result.filePaths;
  },
  quit: () => app.quit(),
};

/** userData from Electron; a temporary folder of the app's own (one per OS user, private). */
export function electronPaths(): AppPaths {
  let user = 'user';
  try {
    user = userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_') || user;
  } catch {
    // No user name (some containers): one folder is still the app's own.
  }
  const temp = join(tmpdir(), `ridealong-desktop-${user}`);
  mkdirSync(temp, { recursive: true, mode: 0o700 });
  return { userData: app.getPath('userData'), temp };
}

export const consoleLogger: Logger = {
  info: (m) => console.log(`${new Date().toISOString()} info ${m}`),
  warn: (m) => console.warn(`${new Date().toISOString()} warn ${m}`),
  error: (m) => console.error(`${new Date().toISOString()} error ${m}`),
};

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
  setInterval(fn, ms) {
    const t = setInterval(fn, ms);
    return () => clearInterval(t);
  },
};
