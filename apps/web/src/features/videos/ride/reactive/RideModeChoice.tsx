import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { RideMode } from '@ridealong/contracts';

const HELP: Record<RideMode, string> = {
  reactive: 'The video follows your speed',
  steady: 'The video plays at normal speed',
};

const OPTIONS = [
  { label: 'Reactive', value: 'reactive' },
  { label: 'Steady', value: 'steady' },
] satisfies Array<{ label: string; value: RideMode }>;

const isMode = (v: string): v is RideMode => v === 'reactive' || v === 'steady';

type RideModeChoiceProps = { value: RideMode; onChange: (mode: RideMode) => void };

/** 'Reactive' or 'Steady' beside Start (issue 26), with a line on what each does. */
export function RideModeChoice({ value, onChange }: RideModeChoiceProps) {
  return (
    <Stack gap={4} align="center" data-testid="ride-mode-choice">
      <SegmentedControl
        aria-label="Ride mode"
        size="sm"
        radius="xl"
        data={OPTIONS}
        value={value}
        onChange={(next) => {
          if (isMode(next) && next !== value) onChange(next);
        }}
      />
      <Text c="white" size="xs" data-testid="ride-mode-help">
        {HELP[value]}
      </Text>
    </Stack>
  );
}
