import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Platform } from '@ridealong/contracts';
import { Link } from 'react-router';
import { unpublishedText } from '../lib/desktopOffer';
import { hasWebBluetooth } from '../lib/webBluetooth';
import { useTrackerStore } from '../stores/tracker';

/**
 * Where no installer is published for the visitor's system: say so, and offer riding in this
 * browser with a Bluetooth trainer (Connect Device's Web Bluetooth part) instead of a dead link;
 * a browser without Web Bluetooth is told which ones have it, as its panel could not connect.
 */
export function RideInBrowserOffer(props: { platform: Platform | null; unavailable?: boolean }) {
  const heading = props.unavailable
    ? 'The desktop app cannot be downloaded right now.'
    : unpublishedText(props.platform);
  const bluetooth = hasWebBluetooth();
  return (
    <Stack gap={6} maw={420} data-testid="desktop-unpublished">
      <Text fw={600}>{heading}</Text>
      {bluetooth ? (
        <Text size="sm" c="gray.7">
          You can ride in this browser instead: connect a Bluetooth smart trainer from Connect
          Device, then pick a workout. The browser plays the first 10 minutes of each video.
        </Text>
      ) : (
        <Text size="sm" c="gray.7" data-testid="ride-in-browser-elsewhere">
          You can ride in Chrome or Edge instead, which connect a Bluetooth smart trainer (this
          browser cannot). The browser plays the first 10 minutes of each video.
        </Text>
      )}
      <Group gap="md">
        {bluetooth ? (
          <Button
            size="sm"
            radius="xl"
            // Dark text on white: AA contrast on the light and tinted backgrounds it sits on.
            variant="default"
            onClick={() => useTrackerStore.getState().openPanel()}
            data-testid="ride-in-browser"
          >
            Connect a Bluetooth trainer
          </Button>
        ) : null}
        <Anchor component={Link} to="/featured" size="sm" fw={600} c="blue.9">
          Pick a workout
        </Anchor>
      </Group>
    </Stack>
  );
}
