import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTrackerStore } from '../../../stores/tracker';
import { useUnits } from '../../../lib/units';
import { liveSpeed, wholeOrDash } from '../lib/display';

/** The live values of the active source: power, cadence, heart rate and speed (member's units). */
export function LiveTiles() {
  const data = useTrackerStore((s) => s.data);
  const speed = liveSpeed(data?.speed, useUnits());
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
      <Tile label="Speed" unit={speed.unit} testId="live-speed" value={speed.value} />
    </SimpleGrid>
  );
}

type TileProps = { label: string; unit: string; testId: string; value: string };

function Tile({ label, unit, testId, value }: TileProps) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="span" fz={28} fw={700} lh={1.2} data-testid={testId}>
        {value}
      </Text>{' '}
      <Text component="span" size="sm" c="dimmed" data-testid={`${testId}-unit`}>
        {unit}
      </Text>
    </Paper>
  );
}
