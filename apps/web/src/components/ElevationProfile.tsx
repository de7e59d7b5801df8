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
 * The SVG path of the profile's line (`line`) and of the area under it (`area`) in a
 * WIDTH x HEIGHT box: distance across, elevation up, scaled to the route's own range.
 */
export function profilePaths(profile: readonly ProfilePoint[]): { line: string; area: string } {
  if (profile.length < 2) return { line: '', area: '' };
  const d0 = profile[0]![0];
  const span = Math.max(profile[profile.length - 1]![0] - d0, 1);
  const elevations = profile.map((p) => p[1]);
  const lo = Math.min(...elevations);
  const range = Math.max(Math.max(...elevations) - lo, MIN_SPAN_M);
  const x = (d: number) => (((d - d0) / span) * WIDTH).toFixed(1);
  const y = (e: number) => (HEIGHT - PAD - ((e - lo) / range) * (HEIGHT - 2 * PAD)).toFixed(1);
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

/**
 * A route's elevation profile as an inline SVG (no chart library: it is on the video page),
 * stretched to the width it is given, with its lowest and highest elevations and its length.
 */
export function ElevationProfile({ route, units }: { route: RouteSummary; units: UnitSystem }) {
  const { line, area } = profilePaths(route.profile);
  return (
    <Box data-testid="elevation-profile">
      <svg
        role="img"
        aria-label={profileLabel(route, units)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        style={{ display: 'block' }}
      >
        <path d={area} fill="var(--mantine-color-orange-1)" />
        <path
          d={line}
          fill="none"
          stroke="var(--mantine-color-orange-8)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <Group justify="space-between" mt={4} aria-hidden="true">
        <Text size="xs" c="dark.6">
          {formatElevation(route.min_elevation_m, units)} –{' '}
          {formatElevation(route.max_elevation_m, units)}
        </Text>
        <Text size="xs" c="dark.6">
          {formatDistance(route.distance_m, units)}
        </Text>
      </Group>
    </Box>
  );
}
