import { useEffect, useState } from 'react';
import { Badge, Loader } from '@mantine/core';

/** Whole seconds since `since`, never negative. */
function secondsSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}

/**
 * The player's 'Reconnecting…' note while the server or network is away (issue 11): small, over
 * the video, with how long it has been trying, so a viewer knows the pause is not the end.
 */
export function ReconnectingBadge({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
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
