import { Button } from '@mantine/core';

/**
 * The visible way out of the full-window (or fullscreen) stage, besides Escape: the ride goes
 * on in the page. It takes the focus as the stage fills the window (useRideView's trap).
 */
export function ViewExitButton({
  fullscreen,
  onExit,
}: {
  fullscreen: boolean;
  onExit: () => void;
}) {
  return (
    <Button
      pos="absolute"
      top={12}
      left={12}
      size="xs"
      variant="default"
      style={{ zIndex: 7 }}
      onClick={onExit}
      data-autofocus
      data-testid="view-exit"
    >
      {fullscreen ? 'Exit full screen' : 'Exit full window'}
    </Button>
  );
}
