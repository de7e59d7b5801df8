import { DESKTOP_INSTALLER_VERSION } from '../constants.js';

export type Platform = 'mac' | 'windows';
export type DeviceKind = Platform | 'mobile' | 'other';

/** Which download to offer, from the browser's user agent. */
export function deviceKindFromUserAgent(userAgent: string): DeviceKind {
  const ua = userAgent.toLowerCase();
  if (/android|iphone|ipad|ipod|mobile/.test(ua)) return 'mobile';
  if (ua.includes('windows')) return 'windows';
  if (ua.includes('mac os') || ua.includes('macintosh')) return 'mac';
  return 'other';
}

export function parsePlatform(value: string | null | undefined): Platform | null {
  return value === 'mac' || value === 'windows' ? value : null;
}

/** Installer file names of the desktop app; the base URL comes from the server's config. */
export function installerFileName(platform: Platform): string {
  return platform === 'mac'
    ? `RideAlong-${DESKTOP_INSTALLER_VERSION}.dmg`
    : `RideAlong-Setup-${DESKTOP_INSTALLER_VERSION}.exe`;
}
