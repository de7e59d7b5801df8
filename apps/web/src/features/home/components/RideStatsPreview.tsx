import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { distanceMeasure, type UnitSystem } from '@ridealong/contracts';
import { MountainIcon } from '../../../components/icons';
import { useUnits } from '../../../lib/units';

/** The glimpse's ride so far: 12.4 mi, or 20.0 km to a metric member. */
const PREVIEW_METRES = 19_956;

function metrics(system: UnitSystem) {
  const distance = distanceMeasure(PREVIEW_METRES, system, 1);
  return [
    { label: 'Power', value: '246', unit: 'W' },
    { label: 'Heart rate', value: '142', unit: 'bpm' },
    { label: 'Cadence', value: '88', unit: 'rpm' },
    { label: 'Distance', value: distance.value.toFixed(1), unit: distance.unit },
  ];
}

/** A decorative glimpse of the riding screen for the hero; purely illustrative. */
export function RideStatsPreview() {
  const shown = metrics(useUnits());
  return (
    <Paper
      aria-hidden="true"
      w={320}
      p="lg"
      radius="lg"
      c="white"
      style={{
        background: 'rgba(15, 23, 42, 0.72)',
        border: '1px solid rgba(255, 255, 255, 0.12)',
        backdropFilter: 'blur(10px)',
        boxShadow: '0 24px 60px rgba(0, 0, 0, 0.45)',
      }}
    >
      <Group justify="space-between" mb="md">
        <Text size="xs" tt="uppercase" fw={700} c="gray.4" lts={1}>
          Live ride
        </Text>
        <Group gap={6}>
          <ThemeIcon
            size="sm"
            radius="xl"
            variant="gradient"
            gradient={{ from: 'orange', to: 'red' }}
          >
            <MountainIcon size={12} />
          </ThemeIcon>
          <Text size="sm" fw={700}>
            +4.2%
          </Text>
        </Group>
      </Group>
      <SimpleGrid cols={2} spacing="md">
        {shown.map((m) => (
          <Stack key={m.label} gap={0}>
            <Text size="xs" c="gray.5">
              {m.label}
            </Text>
            <Text fz={28} fw={800} lh={1.1}>
              {m.value}
              <Text span size="sm" c="gray.4" fw={500} ml={4}>
                {m.unit}
              </Text>
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Stack gap={6} mt="lg">
        {[
          ['1', 'You', '2.1 W/kg'],
          ['2', 'Maya R.', '2.0 W/kg'],
          ['3', 'Jonas K.', '1.8 W/kg'],
        ].map(([pos, name, wkg]) => (
          <Group key={pos} justify="space-between" gap="xs">
            <Text size="sm" fw={pos === '1' ? 700 : 500} c={pos === '1' ? 'cyan.3' : 'gray.3'}>
              {pos}. {name}
            </Text>
            <Text size="sm" c="gray.4">
              {wkg}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
