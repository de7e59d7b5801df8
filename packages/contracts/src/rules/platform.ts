import { DESKTOP_APP_VERSION } from '../constants.js';

/** The systems the desktop app is built for (electron-builder: dmg, NSIS exe, AppImage). */
export const DESKTOP_PLATFORMS = ['mac', 'windows', 'linux'] as const;
export type Platform = (typeof DESKTOP_PLATFORMS)[number];
export type DeviceKind = Platform | 'mobile' | 'other';

/** Which download to offer, from the browser's user agent. */
export function deviceKindFromUserAgent(userAgent: string): DeviceKind {
  const ua = userAgent.toLowerCase();
  if (/android|iphone|ipad|ipod|mobile/.test(ua)) return 'mobile';
  if (ua.includes('windows')) return 'windows';
  if (ua.includes('mac os') || ua.includes('macintosh')) return 'mac';
  // ChromeOS says X11 too, but runs no AppImage.
  if ((ua.includes('linux') || ua.includes('x11')) && !ua.includes('cros')) return 'linux';
  return 'other';
}

/** The platform parameter of /setup, /about and /upgrade (mac or windows; linux as well). */
export function parsePlatform(value: string | null | undefined): Platform | null {
  return (DESKTOP_PLATFORMS as readonly string[]).includes(value ?? '')
    ? (value as Platform)
    : null;
}

export const PLATFORM_NAMES: Record<Platform, string> = {
  mac: 'Mac',
  windows: 'Windows',
  linux: 'Linux',
};

/**
 * The installer's file name as apps/desktop/electron-builder.yml names it (a test there checks
 * they agree); the server serves what its releases folder publishes under these names.
 */
export function installerFileName(platform: Platform, version: string = DESKTOP_APP_VERSION) {
  if (platform === 'mac') return `RideAlong-${version}.dmg`;
  if (platform === 'windows') return `RideAlong-Setup-${version}.exe`;
  return `RideAlong-${version}.AppImage`;
}

/** Said wherever a platform has no installer (the web's prompt, the server's stable link). */
export const desktopNotPublishedMessage = (platform: Platform) =>
  `The desktop app for ${PLATFORM_NAMES[platform]} is not published yet.`;

/** The stable download link of a platform's current installer (the server redirects it). */
export const desktopDownloadPath = (platform: Platform) => `/download/${platform}`;

/** Where the server serves the update feed (electron-updater's generic provider) and installers. */
export const DESKTOP_RELEASES_PATH = '/desktop/releases';
