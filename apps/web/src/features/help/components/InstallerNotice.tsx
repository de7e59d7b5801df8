import { Alert, Anchor, Text } from '@mantine/core';
import { downloadLabel } from '../../../lib/desktopOffer';
import { RideInBrowserOffer } from '../../../components/RideInBrowserOffer';
import type { AutoDownload } from '../lib/useInstallerAutoDownload';

/** Under /setup's and /about's heading: the download ?platform= started, or why none did. */
export function InstallerNotice({ download }: { download: AutoDownload }) {
  if (!download) return null;
  const { offer } = download;
  if (offer.kind === 'download') {
    return (
      <Alert variant="light" radius="lg" data-testid="installer-notice">
        <Text size="sm" role="status">
          Your download of {offer.installer.file} has started. Not started?{' '}
          <Anchor href={offer.installer.url} download={offer.installer.file} size="sm" c="blue.9">
            {downloadLabel(offer.platform)}
          </Anchor>
        </Text>
      </Alert>
    );
  }
  if (offer.kind === 'unpublished' || offer.kind === 'unavailable') {
    return (
      <Alert variant="light" color="yellow" radius="lg" data-testid="installer-notice">
        <RideInBrowserOffer
          platform={offer.kind === 'unpublished' ? offer.platform : null}
          unavailable={offer.kind === 'unavailable'}
        />
      </Alert>
    );
  }
  return null;
}
