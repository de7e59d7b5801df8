import { TRACKER_DEFAULT_PORT } from '@ridealong/contracts';
import { originOf } from './origin.js';

export const PRODUCTION_SERVER_URL = 'https://app.ridealong.cc';
export const DEVELOPMENT_SERVER_URL = 'http://localhost:8080';
export const SERVER_URL_FLAG = '--server-url=';
export const SERVER_URL_ENV = 'RIDEALONG_SERVER_URL';

/** What the app core needs to know about itself and its server. */
export interface DesktopConfig {
  /** The server's URL without a trailing slash (the main window loads `${serverUrl}/?...`). */
  readonly serverUrl: string;
  /** The server's origin: the only origin that gets the bridge and may be navigated to. */
  readonly origin: string;
  /** The app's version (apps/desktop/package.json). */
  readonly version: string;
  /** process.platform of the main process ('darwin', 'win32', 'linux'). */
  readonly platform: string;
  /** An installed app (true) or a development run. */
  readonly packaged: boolean;
  /** More hosts (host or host:port) links may open in the system browser. */
  readonly externalHosts: readonly string[];
  /** The in-process tracker's port on 127.0.0.1 (tracker/tracker-port.ts resolves it). */
  readonly trackerPort: number;
}

/**
 * The server URL as the app uses it: http(s) only, no credentials, no query or fragment,
 * no trailing slash. null when `raw` is none of that.
 */
export function normalizeServerUrl(raw: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return null;
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.origin}${path}`;
}

export interface ServerUrlSources {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** The settings file's serverUrl, when set. */
  settingsServerUrl: string | null | undefined;
  packaged: boolean;
}

export type ServerUrlSource = 'flag' | 'env' | 'settings' | 'default';

/**
 * The server URL from, in order, `--server-url=<url>`, RIDEALONG_SERVER_URL, the settings
 * file, else the development or production default. An invalid value is skipped with a
 * warning (a typo must not leave the app without a server).
 */
export function resolveServerUrl(
  sources: ServerUrlSources,
  warn: (message: string) => void = () => undefined,
): { serverUrl: string; source: ServerUrlSource } {
  const flag = [...sources.argv].reverse().find((a) => a.startsWith(SERVER_URL_FLAG));
  const candidates: [ServerUrlSource, string | null | undefined][] = [
    ['flag', flag?.slice(SERVER_URL_FLAG.length)],
    ['env', sources.env[SERVER_URL_ENV]],
    ['settings', sources.settingsServerUrl],
  ];
  for (const [source, raw] of candidates) {
    if (raw === undefined || raw === null || raw.trim() === '') continue;
    const serverUrl = normalizeServerUrl(raw);
    if (serverUrl) return { serverUrl, source };
    warn(
      `Ignoring the ${source} server URL ${JSON.stringify(raw.slice(0, 200))}: not an http(s) URL`,
    );
  }
  return {
    serverUrl: sources.packaged ? PRODUCTION_SERVER_URL : DEVELOPMENT_SERVER_URL,
    source: 'default',
  };
}

/** A DesktopConfig for a server URL (its origin derived); throws on a URL that is not http(s). */
export function desktopConfig(input: {
  serverUrl: string;
  version: string;
  platform?: string;
  packaged?: boolean;
  externalHosts?: readonly string[];
  trackerPort?: number;
}): DesktopConfig {
  const serverUrl = normalizeServerUrl(input.serverUrl);
  const origin = serverUrl ? originOf(serverUrl) : null;
  if (!serverUrl || !origin) throw new Error(`Not an http(s) server URL: ${input.serverUrl}`);
  return {
    serverUrl,
    origin,
    version: input.version,
    platform: input.platform ?? process.platform,
    packaged: input.packaged ?? false,
    externalHosts: (input.externalHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean),
    trackerPort: input.trackerPort ?? TRACKER_DEFAULT_PORT,
  };
}
