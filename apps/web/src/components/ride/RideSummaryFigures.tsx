import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { RideSummary } from '@ridealong/contracts';
import { useUnits } from '../../lib/units';
import { summaryFigures } from './summaryFigures';

type Props = {
  summary: RideSummary;
  /** 'dark': white on the ride screen's dark panel; 'light': on a page. */
  tone: 'dark' | 'light';
  cols?: number;
};

/** A ride's summary as labelled figures (a description list, so screen readers pair them). */
export function RideSummaryFigures({ summary, tone, cols = 4 }: Props) {
  const units = useUnits();
  const label = tone === 'dark' ? 'gray.3' : 'gray.7';
  const value = tone === 'dark' ? 'white' : 'dark';
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 2, sm: cols }}
      spacing="md"
      verticalSpacing="xs"
      m={0}
      aria-label="Ride summary"
      data-testid="ride-summary"
    >
      {summaryFigures(summary, units).map((f) => (
        <Stack key={f.testId} gap={0}>
          <Text component="dt" size="xs" tt="uppercase" c={label}>
            {f.label}
          </Text>
          <Text component="dd" m={0} fw={700} c={value} data-testid={f.testId}>
            {f.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
