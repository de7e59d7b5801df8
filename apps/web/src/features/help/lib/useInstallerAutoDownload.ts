import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { parsePlatform } from '@ridealong/contracts';
import { installerUrl } from '../../../components/DownloadButton';
import { usePublicConfig } from '../../../lib/usePublicConfig';

/**
 * ?platform=mac|windows starts the installer download once (the desktop app's upgrade
 * screen and download links land here). It waits for the public config to know the URL.
 */
export function useInstallerAutoDownload(): void {
  const [params] = useSearchParams();
  const platform = parsePlatform(params.get('platform'));
  const config = usePublicConfig();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !platform || !config) return;
    started.current = true;
    const link = document.createElement('a');
    link.href = installerUrl(config.installerBaseUrl, platform);
    link.download = '';
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  }, [platform, config]);
}
