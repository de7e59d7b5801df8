import { Button, Group, Loader, Overlay, Stack, Text } from '@mantine/core';
import { confirmDiscard } from './confirmDiscard';
import { formatHms } from '@ridealong/contracts';
import { secondsSince, useNow } from '../lib/useNow';
import { outageChoicesDue } from './rideConnection';
import { stopActions } from './rideMachine';
import type { RideSnapshot } from './rideSession';

type RideOutageProps = {
  snapshot: RideSnapshot;
  awaySince: number | null;
  putOffUntil: number | null;
  onKeepWaiting: () => void;
  onSave: () => void;
  onDiscard: () => void;
};

/**
 * A ride waiting out an outage (issue 11): what is happening, for how long, that nothing is
 * lost, and after two minutes the choice to keep waiting, save what was recorded or discard.
 */
export function RideOutage({
  snapshot,
  awaySince,
  putOffUntil,
  onKeepWaiting,
  onSave,
  onDiscard,
}: RideOutageProps) {
  const now = useNow();
  const seconds = awaySince === null ? 0 : secondsSince(awaySince, now);
  const choices = outageChoicesDue(awaySince, now, putOffUntil);
  const actions = stopActions(snapshot.accumulatedPower, snapshot.elapsedSeconds);
  const askDiscard = () => confirmDiscard(onDiscard);

  return (
    <Overlay
      color="#000"
      backgroundOpacity={0.45}
      zIndex={4}
      center
      data-testid="ride-outage"
      style={{ pointerEvents: 'none' }}
    >
      <Stack align="center" gap="sm" maw={520} px="md" style={{ pointerEvents: 'auto' }}>
        <Group gap="xs" role="status" data-testid="ride-reconnecting">
          <Loader size="sm" color="white" aria-hidden="true" />
          <Text c="white" fw={700} fz="xl">
            Reconnecting… {seconds} s
          </Text>
        </Group>
        <Text c="gray.3" size="sm" ta="center">
          Your ride is paused at {formatHms(snapshot.elapsedSeconds)}. Everything recorded is kept
          on this computer, and the ride goes on by itself when the connection is back.
        </Text>
        {choices ? (
          <Stack align="center" gap="xs" data-testid="ride-outage-choices">
            <Text c="yellow.3" size="sm" ta="center">
              The server has been out of reach for over 2 minutes. You can keep waiting, save what
              was recorded (it is sent as soon as the server is back), or discard it.
            </Text>
            <Group gap="sm" justify="center">
              <Button radius="xl" onClick={onKeepWaiting} data-testid="ride-keep-waiting">
                Keep waiting
              </Button>
              {actions.save ? (
                <Button radius="xl" color="green" onClick={onSave} data-testid="ride-outage-save">
                  Save what was recorded
                </Button>
              ) : null}
              <Button
                radius="xl"
                variant="white"
                color="red"
                onClick={actions.discard ? askDiscard : onDiscard}
                data-testid="ride-outage-discard"
              >
                Discard
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Overlay>
  );
}
