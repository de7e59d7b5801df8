import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from './ports.js';

/** The app's settings (settings.json in the user data folder). */
export interface DesktopSettings {
  /** The server to load; null: the flag, the environment or the default decides. */
  serverUrl: string | null;
  /** The simulated trainer for riders without one. */
  simulator: boolean;
  /** More hosts links may open in the system browser. */
  externalHosts: string[];
}

export const DEFAULT_SETTINGS: DesktopSettings = {
  serverUrl: null,
  simulator: false,
  externalHosts: [],
};
export const SETTINGS_FILE = 'settings.json';

/** Known keys of the right type from a parsed file; anything else falls back to the default. */
export function parseSettings(raw: unknown): DesktopSettings {
  const o =
    raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {
    serverUrl: typeof o.serverUrl === 'string' && o.serverUrl.length <= 2048 ? o.serverUrl : null,
    simulator: typeof o.simulator === 'boolean' ? o.simulator : DEFAULT_SETTINGS.simulator,
    externalHosts: Array.isArray(o.externalHosts)
      ? o.externalHosts
          .filter((h): h is string => typeof h === 'string' && h.length <= 253)
          .slice(0, 50)
      : [],
  };
}

export interface SettingsStore {
  get(): DesktopSettings;
  /** Merges and writes atomically (a temporary file renamed over the old one). */
  update(patch: Partial<DesktopSettings>): DesktopSettings;
}

export function createSettingsStore(userData: string, log: Logger): SettingsStore {
  const file = join(userData, SETTINGS_FILE);
  let current = read();

  function read(): DesktopSettings {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
    try {
      return parseSettings(JSON.parse(text));
    } catch {
      log.warn(`The settings file ${file} is broken; using the defaults`);
      return { ...DEFAULT_SETTINGS };
    }
  }

  return {
    get: () => ({ ...current, externalHosts: [...current.externalHosts] }),
    update(patch) {
      const next = parseSettings({ ...current, ...patch });
      mkdirSync(userData, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, file);
      current = next;
      return { ...next, externalHosts: [...next.externalHosts] };
    },
  };
}
