import type { RefObject } from 'react';
import { Paper } from '@mantine/core';
import type { Race } from '@ridealong/contracts';
import { lacksSlope } from '../../../lib/planBadge';
import { useUnits } from '../../../lib/units';
import { useRoute } from '../api/useRoute';
import { RouteProgress } from '../components/RouteProgress';
import { canPlace } from '../lib/routePosition';

/**
 * The road during a ride, as riders of every peer product expect: a small elevation profile
 * with the rider's place and the slope now and ahead, in the top-left corner under the exit
 * button (the leaderboard holds the right, the live values the bottom, the road the centre).
 * Nothing for a video without slope data.
 */
export function RideRoute({
  race,
  videoRef,
}: {
  race: Race;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const units = useUnits();
  const route = useRoute(race.url, race.status === 'ready' && !lacksSlope(race));
  if (!route.data || !canPlace(route.data)) return null;
  return (
    <Paper
      bg="rgba(0, 0, 0, 0.6)"
      px="xs"
      py={6}
      radius="md"
      pos="absolute"
      top={52}
      left={12}
      w={260}
      // Clear of the leaderboard (240 px on the right) on a narrow stage.
      maw="calc(100% - 276px)"
      style={{ zIndex: 3 }}
    >
      <RouteProgress route={route.data} units={units} videoRef={videoRef} compact />
    </Paper>
  );
}
