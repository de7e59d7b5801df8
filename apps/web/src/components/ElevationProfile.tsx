import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import {
  formatDistance,
  formatElevation,
  type ProfilePoint,
  type RouteSummary,
  type UnitSystem,
} from '@ridealong/contracts';

const WIDTH = 600;
const HEIGHT = 140;
/** Headroom above the top and below the bottom so the line never touches the edge. */
const PAD = 8;
/** A flat route still draws a band this many metres tall, not a line on the floor. */
const MIN_SPAN_M = 20;

/**
 * Where a distance and an elevation fall in the profile's box, as fractions of its width and
 * height from the top left: distance across, elevation up, scaled to the route's own range.
 * The drawing and the rider's marker over it share it.
 */
export function profileScale(profile: readonly ProfilePoint[]): {
  x: (distance: number) => number;
  y: (elevation: number) => number;
} {
  const d0 = profile[0]?.[0] ?? 0;
  const span = Math.max((profile[profile.length - 1]?.[0] ?? 0) - d0, 1);
  const elevations = profile.map((p) => p[1]);
  const lo = Math.min(...elevations);
  const range = Math.max(Math.max(...elevations) - lo, MIN_SPAN_M);
  const pad = PAD / HEIGHT;
  return {
    x: (d) => Math.min(1, Math.max(0, (d - d0) / span)),
    y: (e) => 1 - pad - ((e - lo) / range) * (1 - 2 * pad),
  };
}

/**
 * The SVG path of the profile's line (`line`) and of the area under it (`area`) in a
 * WIDTH x HEIGHT box (profileScale's fractions of it).
 */
export function profilePaths(profile: readonly ProfilePoint[]): { line: string; area: string } {
  if (profile.length < 2) return { line: '', area: '' };
  const scale = profileScale(profile);
  const x = (d: number) => (scale.x(d) * WIDTH).toFixed(1);
  const y = (e: number) => (scale.y(e) * HEIGHT).toFixed(1);
  const line = profile.map(([d, e], i) => `${i === 0 ? 'M' : 'L'}${x(d)} ${y(e)}`).join(' ');
  return { line, area: `${line} L${WIDTH} ${HEIGHT} L0 ${HEIGHT} Z` };
}

/** What the picture shows, for people who cannot see it. */
export function profileLabel(route: RouteSummary, units: UnitSystem): string {
  return (
    `Elevation profile over ${formatDistance(route.distance_m, units)}: ` +
    `from ${formatElevation(route.min_elevation_m, units)} to ${formatElevation(route.max_elevation_m, units)}, ` +
    `${formatElevation(route.climb_m, units)} of climbing, steepest ${route.max_grade_percent} %`
  );
}

/** The compact profile over the ride's video: light on the dark stage, a strip high. */
const COMPACT_HEIGHT = 44;

type ElevationProfileProps = {
  route: RouteSummary;
  units: UnitSystem;
  /** Over the video in a ride: a low strip in light colours, without the scale line. */
  compact?: boolean;
  /** Drawn over the chart, in a box of its size (the rider's marker, placed in percent). */
  children?: ReactNode;
};

/**
 * A route's elevation profile as an inline SVG (no chart library: it is on the video page),
 * stretched to the width it is given, with its lowest and highest elevations and its length.
 */
export function ElevationProfile({
  route,
  units,
  compact = false,
  children,
}: ElevationProfileProps) {
  const { line, area } = profilePaths(route.profile);
  return (
    <Box data-testid="elevation-profile">
      <Box pos="relative">
        <svg
          role="img"
          aria-label={profileLabel(route, units)}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          width="100%"
          height={compact ? COMPACT_HEIGHT : HEIGHT}
          style={{ display: 'block' }}
        >
          <path
            d={area}
            fill={compact ? 'rgba(255, 255, 255, 0.25)' : 'var(--mantine-color-orange-1)'}
          />
          <path
            d={line}
            fill="none"
            stroke={compact ? 'white' : 'var(--mantine-color-orange-8)'}
            strokeWidth={compact ? 1.5 : 2}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {children}
      </Box>
      {compact ? null : <ProfileScaleLine route={route} units={units} />}
    </Box>
  );
}

/** Under the page's chart: its elevation range and its length. */
function ProfileScaleLine({ route, units }: { route: RouteSummary; units: UnitSystem }) {
  return (
    <Group justify="space-between" mt={4} aria-hidden="true">
      <Text size="xs" c="dark.6">
        {formatElevation(route.min_elevation_m, units)} –{' '}
        {formatElevation(route.max_elevation_m, units)}
      </Text>
      <Text size="xs" c="dark.6">
        {formatDistance(route.distance_m, units)}
      </Text>
    </Group>
  );
}
