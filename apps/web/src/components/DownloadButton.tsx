import { Button, type ButtonProps } from '@mantine/core';
import { deviceKindFromUserAgent, installerFileName, type Platform } from '@ridealong/contracts';
import { usePublicConfig } from '../lib/usePublicConfig';

export function installerUrl(baseUrl: string, platform: Platform): string {
  return `${baseUrl.replace(/\/$/, '')}/${installerFileName(platform)}`;
}

/** The OS-specific download of the desktop app; null on mobile (they get a note instead). */
export function DownloadButton(props: ButtonProps & { platform?: Platform; label?: string }) {
  const { platform: forced, label, ...buttonProps } = props;
  const config = usePublicConfig();
  const kind = forced ?? deviceKindFromUserAgent(navigator.userAgent);
  if (kind === 'mobile') return null;
  const platform: Platform = kind === 'windows' ? 'windows' : 'mac';
  const text = label ?? (platform === 'mac' ? 'Download for Mac' : 'Download for Windows');
  return (
    <Button
      component="a"
      href={config ? installerUrl(config.installerBaseUrl, platform) : undefined}
      download
      data-testid="download-installer"
      {...buttonProps}
    >
      {text}
    </Button>
  );
}
