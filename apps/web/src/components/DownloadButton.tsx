import { Button, type ButtonProps } from '@mantine/core';
import { deviceKindFromUserAgent, type Platform } from '@ridealong/contracts';
import { desktopOffer, downloadLabel, sizeText } from '../lib/desktopOffer';
import { useDesktopDownloads } from '../lib/useDesktopDownloads';
import { RideInBrowserOffer } from './RideInBrowserOffer';

/**
 * The desktop app's download for the visitor's system, from what the server publishes (its
 * stable /download/<platform> link); where nothing is published, a note and the browser
 * instead. Nothing on mobile (they get a note of their own).
 */
export function DownloadButton(props: ButtonProps & { platform?: Platform; label?: string }) {
  const { platform: forced, label, ...buttonProps } = props;
  const { data, isError } = useDesktopDownloads();
  const offer = desktopOffer({
    device: deviceKindFromUserAgent(navigator.userAgent),
    downloads: data,
    failed: isError,
    platform: forced,
  });
  if (offer.kind === 'mobile') return null;
  if (offer.kind === 'unpublished') return <RideInBrowserOffer platform={offer.platform} />;
  if (offer.kind === 'unavailable') return <RideInBrowserOffer platform={null} unavailable />;
  const text = label ?? downloadLabel(offer.platform);
  if (offer.kind === 'loading') {
    return (
      <Button disabled data-testid="download-installer" {...buttonProps}>
        {text}
      </Button>
    );
  }
  const { url, file, size } = offer.installer;
  return (
    <Button
      component="a"
      href={url}
      download={file}
      title={`${file}, ${sizeText(size)}`}
      data-testid="download-installer"
      {...buttonProps}
    >
      {text}
    </Button>
  );
}
