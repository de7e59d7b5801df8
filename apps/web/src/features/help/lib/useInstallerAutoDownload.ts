import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { parsePlatform, type Platform } from '@ridealong/contracts';
import { desktopOffer, type DesktopOffer } from '../../../lib/desktopOffer';
import { useDesktopDownloads } from '../../../lib/useDesktopDownloads';

/** What ?platform= asked for, and how it went; null without the parameter. */
export type AutoDownload = { platform: Platform; offer: DesktopOffer } | null;

/**
 * ?platform=mac|windows (linux too) starts the installer download once: the desktop app's
 * upgrade screen and download links land here. It waits for the server's list of installers;
 * a platform with none published starts nothing (the page says so, see InstallerNotice).
 */
export function useInstallerAutoDownload(): AutoDownload {
  const [params] = useSearchParams();
  const platform = parsePlatform(params.get('platform'));
  const { data, isError } = useDesktopDownloads();
  const started = useRef(false);
  const offer = platform
    ? desktopOffer({ device: platform, downloads: data, failed: isError, platform })
    : null;
  const url = offer?.kind === 'download' ? offer.installer.url : null;
  useEffect(() => {
    if (started.current || !url) return;
    started.current = true;
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  }, [url]);
  return platform && offer ? { platform, offer } : null;
}
