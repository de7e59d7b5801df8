import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { deviceKindFromUserAgent } from '@ridealong/contracts';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton';
import { desktopOffer } from '../../../lib/desktopOffer';
import { useDesktopDownloads } from '../../../lib/useDesktopDownloads';
import { hasWebBluetooth } from '../../../lib/webBluetooth';
import { useTrackerStore } from '../../../stores/tracker';

/**
 * Start in a plain browser without a trainer, shown at once (no search for a local tracker the
 * browser most likely lacks): the desktop app to download and, where the browser has Web
 * Bluetooth, a Bluetooth trainer connected right here.
 */
export function RideWaysOffer({ onClose }: { onClose: () => void }) {
  const { data, isError } = useDesktopDownloads();
  const offer = desktopOffer({
    device: deviceKindFromUserAgent(navigator.userAgent),
    downloads: data,
    failed: isError,
  });
  // Without an installer the download button itself offers Bluetooth (RideInBrowserOffer).
  const bluetooth =
    hasWebBluetooth() && offer.kind !== 'unpublished' && offer.kind !== 'unavailable';
  return (
    <Alert
      mt="md"
      color="blue"
      title="Ride this video with your smart trainer"
      withCloseButton
      closeButtonLabel="Close"
      onClose={onClose}
      data-testid="ride-ways"
    >
      <Stack gap="sm">
        <Text size="sm">
          The RideAlong desktop app plays the whole video, sets your trainer&apos;s resistance to
          the road and records your ride.
        </Text>
        <Group gap="md">
          <DownloadButton size="sm" />
          <Anchor component={Link} to="/setup" size="sm" fw={600} c="blue.9" underline="always">
            How to get set up
          </Anchor>
        </Group>
        {bluetooth ? (
          <Stack gap={6} data-testid="ride-ways-bluetooth">
            <Text size="sm">
              Or ride in this browser: connect a Bluetooth smart trainer, then press Start. The
              browser plays the first 10 minutes.
            </Text>
            <Group>
              <Button
                size="sm"
                variant="default"
                onClick={() => useTrackerStore.getState().openPanel()}
              >
                Connect a Bluetooth trainer
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}
