import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTrackerStore } from '../../../stores/tracker';
import { formatSpeed, wholeOrDash } from '../lib/display';

/** The live values of the active source: power, cadence, heart rate and speed. */
export function LiveTiles() {
  const data = useTrackerStore((s) => s.data);
  const speed = formatSpeed(data?.speed);
  return (
    <SimpleGrid cols={2} spacing="xs">
      <Tile label="Power" unit="W" testId="live-power" value={wholeOrDash(data?.power)} />
      <Tile label="Cadence" unit="rpm" testId="live-cadence" value={wholeOrDash(data?.cadence)} />
      <Tile
        label="Heart rate"
        unit="bpm"
        testId="live-heart-rate"
        value={wholeOrDash(data?.heart_rate || null)}
      />
      <Tile
        label="Speed"
        unit="km/h"
        testId="live-speed"
        value={speed.kmh}
        extra={speed.mph === '—' ? null : `${speed.mph} mph`}
      />
    </SimpleGrid>
  );
}

type TileProps = { label: string; unit: string; testId: string; value: string; extra?: ReactNode };

function Tile({ label, unit, testId, value, extra }: TileProps) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="span" fz={28} fw={700} lh={1.2} data-testid={testId}>
        {value}
      </Text>{' '}
      <Text component="span" size="sm" c="dimmed">
        {unit}
      </Text>
      {extra ? (
        <Text size="xs" c="dimmed" data-testid={`${testId}-mph`}>
          {extra}
        </Text>
      ) : null}
    </Paper>
  );
}
