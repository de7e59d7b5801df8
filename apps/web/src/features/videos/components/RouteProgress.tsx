import type { RefObject } from 'react';
import { Box, Text } from '@mantine/core';
import type { RouteSummary, UnitSystem } from '@ridealong/contracts';
import { ElevationProfile } from '../../../components/ElevationProfile';
import { useRouteFollower } from './useRouteFollower';

type RouteProgressProps = {
  route: RouteSummary;
  units: UnitSystem;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Over the ride's video: the low, light strip. */
  compact?: boolean;
};

/**
 * The route's elevation profile with the rider's place at the video's current time (a line
 * and a dot), and the slope there and over the stretch ahead.
 */
export function RouteProgress({ route, units, videoRef, compact = false }: RouteProgressProps) {
  const { lineRef, dotRef, slope } = useRouteFollower(videoRef, route, units);
  const colour = compact ? 'white' : 'var(--mantine-color-dark-7)';
  return (
    <Box data-testid={compact ? 'ride-route' : 'route-progress'}>
      <ElevationProfile route={route} units={units} compact={compact}>
        <Box
          ref={lineRef}
          data-testid="route-marker"
          aria-hidden="true"
          pos="absolute"
          top={0}
          bottom={0}
          w={2}
          bg={colour}
          style={{ transform: 'translateX(-50%)', pointerEvents: 'none', display: 'none' }}
        >
          <Box
            ref={dotRef}
            pos="absolute"
            left="50%"
            w={compact ? 8 : 10}
            h={compact ? 8 : 10}
            bg={compact ? 'orange.5' : 'orange.8'}
            style={{
              borderRadius: '50%',
              border: `2px solid ${compact ? 'white' : 'var(--mantine-color-white)'}`,
              transform: 'translate(-50%, -50%)',
            }}
          />
        </Box>
      </ElevationProfile>
      {slope ? (
        <Text
          size={compact ? 'xs' : 'sm'}
          c={compact ? 'white' : 'dark.7'}
          fw={compact ? 600 : 500}
          mt={4}
          data-testid="slope-ahead"
          aria-live="off"
        >
          {slope}
        </Text>
      ) : null}
    </Box>
  );
}
