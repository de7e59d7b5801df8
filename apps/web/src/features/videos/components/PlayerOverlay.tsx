import type { ReactNode } from 'react';
import { Button, Group, Overlay, Stack, Text } from '@mantine/core';
import type { RideMode } from '@ridealong/contracts';
import { BikeIcon, PlayIcon, UserIcon } from '../../../components/icons';
import { RideModeChoice } from '../ride/reactive/RideModeChoice';

type PlayerOverlayProps = {
  onPreview: () => void;
  /** A solo ride: the countdown at once with a live trainer. */
  onStart: () => void;
  /** Hosts a group ride (desktop mode); the button shows only when given. */
  onRideWithFriends?: () => void;
  /** Start waits for the trainer to come back (a reconnect after a reload). */
  waiting?: boolean;
  /** Ride with friends is creating its event. */
  creating?: boolean;
  /** The web cap was reached: say why the video stopped. */
  capped: boolean;
  /** The solo ride's 'Reactive' / 'Steady' choice; shown only when given (rideModeRule.ts). */
  rideMode?: { value: RideMode; onChange: (mode: RideMode) => void };
  /** Under the buttons: the ride's options (the ghosts of a reactive ride). */
  options?: ReactNode;
};

/**
 * The initial buttons over a paused video: Preview (fullscreen play), Start (ride alone) and,
 * in desktop mode, Ride with friends (host a group ride).
 */
export function PlayerOverlay(props: PlayerOverlayProps) {
  const {
    onPreview,
    onStart,
    onRideWithFriends,
    waiting = false,
    creating = false,
    capped,
    rideMode,
    options,
  } = props;
  return (
    <Overlay
      color="#000"
      backgroundOpacity={0.35}
      zIndex={2}
      center
      data-testid="player-overlay"
      // Clicks outside the buttons reach the video's own controls underneath.
      style={{ pointerEvents: 'none' }}
    >
      <Stack align="center" gap="sm" style={{ pointerEvents: 'auto' }}>
        <Group gap="md">
          <Button size="lg" radius="xl" leftSection={<PlayIcon size={18} />} onClick={onPreview}>
            Preview
          </Button>
          <Button
            size="lg"
            radius="xl"
            variant="white"
            leftSection={<BikeIcon size={18} />}
            onClick={onStart}
            loading={waiting}
            // Either press in flight holds the other: one ride or event per press.
            disabled={creating}
          >
            Start
          </Button>
          {onRideWithFriends ? (
            <Button
              size="lg"
              radius="xl"
              variant="default"
              leftSection={<UserIcon size={18} />}
              onClick={onRideWithFriends}
              loading={creating}
              disabled={waiting}
            >
              Ride with friends
            </Button>
          ) : null}
        </Group>
        {rideMode ? <RideModeChoice value={rideMode.value} onChange={rideMode.onChange} /> : null}
        {options}
        {/* Always there, filled while waiting: a live region is announced when its text changes. */}
        <Text c="white" size="sm" ta="center" role="status" data-testid="start-status">
          {waiting ? <span data-testid="start-waiting">Connecting to your trainer…</span> : null}
        </Text>
        {capped ? (
          <Text c="white" size="sm" ta="center" maw={360} data-testid="web-cap-notice">
            The browser plays the first 10 minutes. Ride the whole video in the desktop app.
          </Text>
        ) : null}
      </Stack>
    </Overlay>
  );
}
