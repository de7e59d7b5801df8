import {
  compareDesktopVersions,
  DESKTOP_RELEASES_PATH,
  isDesktopVersion,
} from '@ridealong/contracts';

/** The first check waits for the window and the tracker; then one every few hours. */
export const FIRST_CHECK_DELAY_MS = 30_000;
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export type Verdict = { ok: true } | { ok: false; reason: string };
export type FeedVerdict = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The update feed: the configured server's /desktop/releases (apps/server's desktop-releases
 * module), over HTTPS. Plain HTTP only for a development server on this computer; anything
 * else (another scheme, credentials, a query) gets no updates at all.
 */
export function updateFeedUrl(serverUrl: string): FeedVerdict {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return { ok: false, reason: 'the server URL is not a URL' };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, reason: 'the server URL carries credentials, a query or a fragment' };
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { ok: false, reason: `updates need HTTPS, not ${url.protocol.replace(':', '')}` };
  }
  return {
    ok: true,
    url: `${url.origin}${url.pathname.replace(/\/+$/, '')}${DESKTOP_RELEASES_PATH}`,
  };
}

/**
 * Whether this run updates itself: an installed app (a development run has no installer to
 * replace), on a platform electron-updater installs on: the NSIS exe, the mac app (Squirrel.Mac)
 * and an AppImage (APPIMAGE is set by the AppImage runtime; a Linux run from elsewhere is not
 * ours to replace).
 */
export function updatesSupported(run: {
  packaged: boolean;
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
}): Verdict {
  if (!run.packaged) return { ok: false, reason: 'a development run' };
  if (run.platform === 'win32' || run.platform === 'darwin') return { ok: true };
  if (run.platform === 'linux' && run.env.APPIMAGE) return { ok: true };
  return { ok: false, reason: `no installer to update on ${run.platform}` };
}

/** What the feed announced (electron-updater's UpdateInfo, the fields judged here). */
export type AnnouncedUpdate = { version: string; files: ReadonlyArray<{ url: string }> };

const BARE_FILE = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

/**
 * An announced update is downloaded only when it is newer than this app and every file it names
 * is a file of the feed itself (a bare name the updater resolves against the feed URL): an
 * absolute URL in a tampered feed would send the download elsewhere.
 */
export function acceptUpdate(update: AnnouncedUpdate, currentVersion: string): Verdict {
  if (!isDesktopVersion(update.version)) {
    return { ok: false, reason: `version ${update.version.slice(0, 40)} is not x.y.z` };
  }
  if (compareDesktopVersions(update.version, currentVersion) <= 0) {
    return { ok: false, reason: `${update.version} is not newer than ${currentVersion}` };
  }
  if (update.files.length === 0) return { ok: false, reason: 'it names no file' };
  const foreign = update.files.find((f) => !BARE_FILE.test(f.url) || f.url.includes('..'));
  if (foreign)
    return { ok: false, reason: `${foreign.url.slice(0, 80)} is not a file of the feed` };
  return { ok: true };
}

/** One line for the log from whatever an updater threw. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 300) ?? '';
}
