import {
  DESKTOP_PLATFORMS,
  desktopNotPublishedMessage,
  PLATFORM_NAMES,
  type DesktopDownloads,
  type DesktopInstaller,
  type DeviceKind,
  type Platform,
} from '@ridealong/contracts';

/** What a download prompt shows a visitor (DownloadButton). */
export type DesktopOffer =
  /** Phones and tablets: no installer (they get a note instead). */
  | { kind: 'mobile' }
  /** The server's list is on its way: the button, without a link yet. */
  | { kind: 'loading'; platform: Platform }
  | { kind: 'download'; platform: Platform; installer: DesktopInstaller }
  /** No installer for this system (null: a system we cannot tell): say so, offer the browser. */
  | { kind: 'unpublished'; platform: Platform | null }
  /** The list could not be had: no link rather than a dead one. */
  | { kind: 'unavailable' };

/**
 * The installer for the visitor's system (or the one a page asks for). A system we cannot tell
 * gets the first one published, as a Mac did before there was a list.
 */
export function desktopOffer(input: {
  device: DeviceKind;
  downloads: DesktopDownloads | undefined;
  failed: boolean;
  platform?: Platform;
}): DesktopOffer {
  const { device, downloads, failed } = input;
  if (!input.platform && device === 'mobile') return { kind: 'mobile' };
  const wanted: Platform | null =
    input.platform ?? (device === 'mobile' || device === 'other' ? null : device);
  if (!downloads) {
    return failed ? { kind: 'unavailable' } : { kind: 'loading', platform: wanted ?? 'mac' };
  }
  const platform = wanted ?? DESKTOP_PLATFORMS.find((p) => downloads.platforms[p] !== null);
  const installer = platform ? downloads.platforms[platform] : null;
  if (!platform || !installer) return { kind: 'unpublished', platform: wanted };
  return { kind: 'download', platform, installer };
}

export const downloadLabel = (platform: Platform) => `Download for ${PLATFORM_NAMES[platform]}`;

export function unpublishedText(platform: Platform | null): string {
  return platform ? desktopNotPublishedMessage(platform) : 'The desktop app is not published yet.';
}

/** Megabytes for a person, beside the download. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 ? `${Math.round(mb)} MB` : `${Math.max(0.1, Math.round(mb * 10) / 10)} MB`;
}
