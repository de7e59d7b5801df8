import type { RefObject } from 'react';
import { Paper } from '@mantine/core';
import type { GhostRide, Race } from '@ridealong/contracts';
import { lacksSlope } from '../../../lib/planBadge';
import { useUnits } from '../../../lib/units';
import { useRoute } from '../api/useRoute';
import { RouteProgress } from '../components/RouteProgress';
import { canPlace } from '../lib/routePosition';
import { GhostRouteProgress } from './ghosts/GhostRouteProgress';
import type { GhostPositions } from './ghosts/useGhosts';

/** A reactive ride places the rider (and the ghosts) by distance, not by the video's time. */
export type RideRouteGhosts = {
  list: readonly GhostRide[];
  positions: () => GhostPositions;
};

/**
 * The road during a ride, as riders of every peer product expect: a small elevation profile
 * with the rider's place and the slope now and ahead, in the top-left corner under the exit
 * button (the leaderboard holds the right, the live values the bottom, the road the centre).
 * Nothing for a video without slope data.
 */
export function RideRoute({
  race,
  videoRef,
  ghosts,
}: {
  race: Race;
  videoRef: RefObject<HTMLVideoElement | null>;
  ghosts?: RideRouteGhosts;
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
      {ghosts ? (
        <GhostRouteProgress
          route={route.data}
          units={units}
          ghosts={ghosts.list}
          positions={ghosts.positions}
        />
      ) : (
        <RouteProgress route={route.data} units={units} videoRef={videoRef} compact />
      )}
    </Paper>
  );
}
