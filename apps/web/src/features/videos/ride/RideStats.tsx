import { Group, Paper, Stack, Text } from '@mantine/core';
import { displayedPower, displayedSlope, distanceMeasure, formatHms } from '@ridealong/contracts';
import { useUnits } from '../../../lib/units';
import type { RideSnapshot } from './rideSession';

function Stat({
  label,
  value,
  unit,
  testId,
}: {
  label: string;
  value: string;
  unit?: string;
  testId: string;
}) {
  return (
    <Stack gap={0} align="center" miw={64}>
      <Text size="xs" c="gray.4" tt="uppercase">
        {label}
      </Text>
      <Group gap={4} align="baseline" wrap="nowrap">
        <Text c="white" fw={700} fz="lg" data-testid={testId}>
          {value}
        </Text>
        {unit ? (
          <Text size="xs" c="gray.4" data-testid={`${testId}-unit`}>
            {unit}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The live values over the video (document 001 section 9; distance in the member's units). */
export function RideStats({ snapshot }: { snapshot: RideSnapshot }) {
  const point = snapshot.lastPoint;
  const distance = distanceMeasure(snapshot.distance, useUnits());
  return (
    <Paper
      bg="rgba(0, 0, 0, 0.6)"
      px="md"
      py="xs"
      radius="md"
      pos="absolute"
      bottom={56}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 3 }}
      data-testid="ride-stats"
    >
      <Group gap="lg" wrap="nowrap">
        <Stat
          label="Power"
          unit="W"
          value={String(displayedPower(snapshot.accumulatedPower, snapshot.elapsedSeconds))}
          testId="ride-power"
        />
        <Stat
          label="Slope"
          unit="%"
          value={displayedSlope(snapshot.slope ?? 0)}
          testId="ride-slope"
        />
        <Stat
          label="Distance"
          unit={distance.unit}
          value={distance.value.toFixed(2)}
          testId="ride-distance"
        />
        <Stat label="Time" value={formatHms(snapshot.elapsedSeconds)} testId="ride-time" />
        <Stat
          label="Heart rate"
          unit="bpm"
          value={String(Math.round(point?.heart_rate ?? 0))}
          testId="ride-heart-rate"
        />
        <Stat
          label="Cadence"
          unit="rpm"
          value={String(Math.round(point?.cadence ?? 0))}
          testId="ride-cadence"
        />
      </Group>
    </Paper>
  );
}
