import { useEffect } from 'react';
import { Alert, Box, Container, Stack, Text, Title } from '@mantine/core';
import { getAppTrackerBridge } from '../../../lib/connectDevice';
import { usePageTitle } from '../../../lib/pageTitle';
import { followDesktopInfo, useDesktopInfoStore } from '../lib/appTracker';
import { ensureTracker } from '../lib/trackerClient';
import { ConnectDeviceContent } from '../components/ConnectDeviceContent';
import { SimulatorSwitch } from '../components/SimulatorSwitch';

/**
 * Connect Device as a page of its own: the desktop app's tracker window shows it, with the
 * simulator switch; in a browser it is the panel without the drawer.
 */
export function ConnectDevicePage() {
  const bridge = getAppTrackerBridge();
  const trackerError = useDesktopInfoStore((s) => s.info?.trackerError ?? null);

  // Also without the router (the app's tracker window); not restored on leaving (routeTitles.ts).
  usePageTitle('Connect Device');

  // In the app the connection waits for the app's tracker (its address and start come with
  // 'desktop-info'); in a browser it goes to the usual address at once.
  useEffect(() => (bridge ? followDesktopInfo(bridge) : ensureTracker()), [bridge]);

  return (
    <Box component="main" py="lg">
      <Container size="sm">
        <Stack gap="lg">
          <Title order={1} size="h2">
            Connect Device
          </Title>
          {bridge ? (
            <Text size="sm" c="dimmed">
              Your smart trainer, power meter and heart rate strap connect here, over ANT+ or
              Bluetooth. Keep this window open while you ride, or close it: the connection stays.
            </Text>
          ) : null}
          {trackerError ? (
            <Alert
              color="orange"
              title="Another tracker is running"
              role="alert"
              data-testid="tracker-port-in-use"
            >
              <Text size="sm">{trackerError}</Text>
            </Alert>
          ) : null}
          {bridge ? <SimulatorSwitch bridge={bridge} /> : null}
          <ConnectDeviceContent inApp={bridge !== null} />
        </Stack>
      </Container>
    </Box>
  );
}
