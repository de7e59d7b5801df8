import { Box, Group, SimpleGrid, Text } from '@mantine/core';
import {
  formatDistance,
  formatElevation,
  type GpxPreview,
  type UnitSystem,
} from '@ridealong/contracts';
import { formatBadgeDuration } from '../../../lib/formatDuration';
import {
  CHART,
  CHART_HEIGHT,
  coveredText,
  previewGeometry,
  previewLabel,
  slopeRange,
} from '../lib/previewChart';

type GpxPreviewChartProps = {
  preview: GpxPreview;
  units: UnitSystem;
  /** The player's current second, drawn as a line so a climb can be matched to the picture. */
  playhead: number | null;
};

/**
 * The profile a GPX file and offset give, across the video's seconds: distance and climb as
 * facts, elevation (area) over slope (line), the seconds the track does not cover greyed out.
 * An inline SVG in the route profile's style; its label says all of it in words.
 */
export function GpxPreviewChart({ preview, units, playhead }: GpxPreviewChartProps) {
  const g = previewGeometry(preview);
  const { min, max } = slopeRange(preview);
  const duration = Math.max(preview.duration_s, 1);
  const playheadX =
    playhead === null ? null : (Math.min(Math.max(playhead, 0), duration) / duration) * CHART.width;
  const facts = [
    { label: 'Distance', value: formatDistance(preview.distance_m, units, 1) },
    { label: 'Climb', value: formatElevation(preview.climb_m, units) },
    { label: 'Slopes', value: `${min} % to ${max} %` },
  ];
  return (
    <Box data-testid="gpx-preview">
      <SimpleGrid cols={3} spacing="sm" mb="xs" data-testid="gpx-preview-facts">
        {facts.map((f) => (
          <div key={f.label}>
            <Text size="xs" c="dark.6" tt="uppercase" fw={700}>
              {f.label}
            </Text>
            <Text fw={800} fz="lg" data-testid={`gpx-preview-${f.label.toLowerCase()}`}>
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <svg
        role="img"
        aria-label={previewLabel(preview, units)}
        viewBox={`0 0 ${CHART.width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={CHART_HEIGHT}
        style={{ display: 'block' }}
      >
        <path d={g.elevationArea} fill="var(--mantine-color-orange-1)" />
        <path
          d={g.elevationLine}
          fill="none"
          stroke="var(--mantine-color-orange-8)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        <line
          x1={0}
          x2={CHART.width}
          y1={g.zeroSlopeY}
          y2={g.zeroSlopeY}
          stroke="var(--mantine-color-gray-5)"
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={g.slopeLine}
          fill="none"
          stroke="var(--mantine-color-blue-7)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        {/* The seconds outside the GPS track: the trainer rides them flat. */}
        <rect
          x={0}
          y={0}
          width={g.coveredFromX}
          height={CHART_HEIGHT}
          fill="var(--mantine-color-gray-6)"
          fillOpacity={0.25}
          data-testid="gpx-uncovered-start"
        />
        <rect
          x={g.coveredToX}
          y={0}
          width={Math.max(0, CHART.width - g.coveredToX)}
          height={CHART_HEIGHT}
          fill="var(--mantine-color-gray-6)"
          fillOpacity={0.25}
          data-testid="gpx-uncovered-end"
        />
        {playheadX === null ? null : (
          <line
            x1={playheadX}
            x2={playheadX}
            y1={0}
            y2={CHART_HEIGHT}
            stroke="var(--mantine-color-red-7)"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      <Group justify="space-between" mt={4} aria-hidden="true">
        <Text size="xs" c="dark.6">
          0:00
        </Text>
        <Text size="xs" c="dark.6">
          <Text span c="orange.9" fw={700}>
            Elevation
          </Text>{' '}
          ·{' '}
          <Text span c="blue.8" fw={700}>
            Slope
          </Text>
          {playheadX === null ? null : (
            <>
              {' '}
              ·{' '}
              <Text span c="red.8" fw={700}>
                Video at {formatBadgeDuration(playhead ?? 0)}
              </Text>
            </>
          )}
        </Text>
        <Text size="xs" c="dark.6">
          {formatBadgeDuration(preview.duration_s)}
        </Text>
      </Group>
      <Text size="sm" c="dark.6" mt="xs" data-testid="gpx-covered">
        {coveredText(preview)}
      </Text>
    </Box>
  );
}
