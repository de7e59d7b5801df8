import {
  compareDesktopVersions,
  desktopDownloadPath,
  supportedDesktopVersions,
  type DesktopDownloads,
  type DesktopInstaller,
  type Platform,
} from '@ridealong/contracts';
import type { ReleaseSnapshot } from './release-folder.js';

/** GET /api/v1/desktop/downloads: what is published, at stable URLs, and the version gate. */
export function downloadsAnswer(snapshot: ReleaseSnapshot): DesktopDownloads {
  const installer = (platform: Platform): DesktopInstaller | null => {
    const published = snapshot.platforms[platform];
    return published ? { url: desktopDownloadPath(platform), ...published } : null;
  };
  const newest = [...snapshot.versions].sort(compareDesktopVersions).at(-1) ?? null;
  return {
    version: newest,
    platforms: {
      mac: installer('mac'),
      windows: installer('windows'),
      linux: installer('linux'),
    },
    supported_versions: supportedDesktopVersions(snapshot.versions),
  };
}
