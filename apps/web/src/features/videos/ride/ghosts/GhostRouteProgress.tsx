import { useEffect, useRef, useState, type Ref } from 'react';
import { Box, Text } from '@mantine/core';
import type { GhostRide, RouteSummary, UnitSystem } from '@ridealong/contracts';
import { ElevationProfile, profileScale } from '../../../../components/ElevationProfile';
import { elevationAt, gradesAt, LOOK_AHEAD_M, slopeText } from '../../lib/routePosition';
import type { GhostPositions } from './useGhosts';

/** How often the markers move: about as often as the ride's own tick. */
export const MARKER_MS = 250;

type GhostRouteProgressProps = {
  route: RouteSummary;
  units: UnitSystem;
  ghosts: readonly GhostRide[];
  /** Where everyone is now; read every MARKER_MS, outside React. */
  positions: () => GhostPositions;
};

/**
 * A reactive ride's road: the compact elevation profile with the rider's marker and one per
 * ghost, placed by distance (the video's time no longer says where the rider is), and the
 * slope now and ahead of the rider. The markers are moved on the elements themselves a few
 * times a second; only the slope's words are state.
 */
export function GhostRouteProgress({ route, units, ghosts, positions }: GhostRouteProgressProps) {
  const riderRef = useRef<HTMLDivElement>(null);
  const ghostRefs = useRef(new Map<number, HTMLDivElement>());
  const [slope, setSlope] = useState('');

  useEffect(() => {
    const scale = profileScale(route.profile);
    const put = (el: HTMLElement, distance: number | null) => {
      el.style.display = distance === null ? 'none' : 'block';
      if (distance === null) return;
      el.style.left = `${(scale.x(distance) * 100).toFixed(2)}%`;
      el.style.top = `${(scale.y(elevationAt(route, distance)) * 100).toFixed(2)}%`;
      el.dataset.distanceM = distance.toFixed(1);
    };
    const update = () => {
      const now = positions();
      if (riderRef.current) put(riderRef.current, now.rider);
      for (const [track, el] of ghostRefs.current) put(el, now.ghosts.get(track)?.distance ?? null);
      setSlope(slopeText(gradesAt(route, now.rider, LOOK_AHEAD_M[units]), units));
    };
    update();
    const timer = setInterval(update, MARKER_MS);
    return () => clearInterval(timer);
  }, [route, units, positions]);

  return (
    <Box data-testid="ride-route" data-reactive="true">
      <ElevationProfile route={route} units={units} compact>
        {ghosts.map((g) => (
          <Marker
            key={g.track_id}
            label={`Ghost: ${g.display_name || 'Rider'}`}
            ghost
            ref={(el) => {
              if (el) ghostRefs.current.set(g.track_id, el);
              else ghostRefs.current.delete(g.track_id);
            }}
          />
        ))}
        {/* Last: the rider is drawn over the ghosts. */}
        <Marker label="You" ref={riderRef} />
      </ElevationProfile>
      {slope ? (
        <Text size="xs" c="white" fw={600} mt={4} data-testid="slope-ahead" aria-live="off">
          {slope}
        </Text>
      ) : null}
    </Box>
  );
}

/** A dot on the profile: the rider's orange and larger, a ghost's translucent grey. */
function Marker({
  label,
  ghost = false,
  ref,
}: {
  label: string;
  ghost?: boolean;
  ref: Ref<HTMLDivElement>;
}) {
  const size = ghost ? 7 : 9;
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      title={label}
      data-testid={ghost ? 'ghost-marker' : 'rider-marker'}
      pos="absolute"
      w={size}
      h={size}
      bg={ghost ? 'rgba(200, 200, 255, 0.75)' : 'orange.5'}
      style={{
        display: 'none',
        borderRadius: '50%',
        border: `${ghost ? 1 : 2}px solid white`,
        transform: 'translate(-50%, -50%)',
      }}
    />
  );
}
