import { Badge, Loader } from '@mantine/core';
import { secondsSince, useNow } from '../lib/useNow';

/**
 * The player's 'Reconnecting…' note while the server or network is away (issue 11): small, over
 * the video, with how long it has been trying, so a viewer knows the pause is not the end.
 */
export function ReconnectingBadge({ since }: { since: number }) {
  const now = useNow();
  return (
    <Badge
      pos="absolute"
      top={12}
      left={12}
      size="lg"
      color="dark"
      variant="filled"
      leftSection={<Loader size={12} color="white" aria-hidden="true" />}
      role="status"
      data-testid="player-reconnecting"
      style={{ zIndex: 2, textTransform: 'none' }}
    >
      Reconnecting… {secondsSince(since, now)} s
    </Badge>
  );
}
