import type { Platform } from '@ridealong/contracts';

/** The update feed of each platform, as electron-builder names it for the generic provider. */
export const FEED_FILES: Record<Platform, string> = {
  windows: 'latest.yml',
  mac: 'latest-mac.yml',
  linux: 'latest-linux.yml',
};

/** What a browser downloads for each platform (the mac feed also lists the updater's zip). */
export const INSTALLER_EXTENSIONS: Record<Platform, string> = {
  mac: '.dmg',
  windows: '.exe',
  linux: '.AppImage',
};

export const MAX_NAME_LENGTH = 200;

/** A bare file name: no folder, no dot-dot, no hidden file, nothing a shell or URL would mangle. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

export function isSafeName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && SAFE_NAME.test(name) && !name.includes('..');
}

/** The artifacts of apps/desktop/electron-builder.yml (and their blockmaps). */
const INSTALLER_NAME =
  /^RideAlong-(?:Setup-)?\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.]{1,40})?(?:\.dmg|\.exe|\.AppImage|-mac\.zip)(?:\.blockmap)?$/;

export function isInstallerName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && INSTALLER_NAME.test(name);
}

const CONTENT_TYPES: Array<[string, string]> = [
  ['.yml', 'text/yaml; charset=utf-8'],
  ['.blockmap', 'application/octet-stream'],
  ['.dmg', 'application/x-apple-diskimage'],
  ['.exe', 'application/vnd.microsoft.portable-executable'],
  ['.zip', 'application/zip'],
  ['.AppImage', 'application/vnd.appimage'],
];

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES.find(([ext]) => name.endsWith(ext))?.[1] ?? 'application/octet-stream';
}

/** The update files change in place with every release; the versioned files do not. */
export function cacheControlOf(name: string): string {
  return name.endsWith('.yml') ? 'no-cache' : 'public, max-age=3600';
}
