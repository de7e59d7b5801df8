import { Button } from '@mantine/core';

/**
 * A reactive ride's own pause. A rider who stops pedalling has their video held by the ride,
 * so the player's play and pause cannot reach Save or Discard: this button always can.
 */
export function ReactivePauseButton({ onPause }: { onPause: () => void }) {
  return (
    <Button
      pos="absolute"
      bottom={56}
      left={12}
      size="xs"
      variant="white"
      color="dark"
      style={{ zIndex: 3 }}
      onClick={onPause}
    >
      Pause ride
    </Button>
  );
}
