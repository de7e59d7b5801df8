import { useId } from 'react';
import { Badge, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { RideMode } from '@ridealong/contracts';
import { NOT_RANKED_EXPLANATION, rideMarks } from '../lib/rideMarks';

/**
 * A saved ride's mode ('Reactive' / 'Steady') and, at a difficulty other than 100 %, that it is
 * not ranked (issue 26). Each badge is focusable and its explanation is both a tooltip (hover,
 * focus, touch) and the badge's description, so screen readers hear it without the tooltip.
 */
export function RideMarks({ ride }: { ride: { ride_mode?: RideMode; difficulty?: number } }) {
  const marks = rideMarks(ride);
  const modeHintId = useId();
  const rankHintId = useId();
  const events = { hover: true, focus: true, touch: true };
  return (
    <Group gap={6} wrap="wrap" data-testid="ride-marks">
      <Tooltip label={marks.modeHint} events={events} withArrow multiline maw={260}>
        <Badge
          variant="light"
          color={marks.mode === 'reactive' ? 'teal' : 'gray'}
          c={marks.mode === 'reactive' ? 'teal.9' : 'gray.8'}
          tabIndex={0}
          aria-describedby={modeHintId}
          data-testid="ride-mode"
          data-mode={marks.mode}
        >
          {marks.modeLabel}
        </Badge>
      </Tooltip>
      <VisuallyHidden id={modeHintId}>{marks.modeHint}</VisuallyHidden>
      {marks.difficultyLabel && (
        <>
          <Tooltip label={NOT_RANKED_EXPLANATION} events={events} withArrow multiline maw={260}>
            <Badge
              variant="light"
              color="orange"
              c="orange.9"
              tabIndex={0}
              aria-describedby={rankHintId}
              data-testid="ride-difficulty"
            >
              {marks.difficultyLabel}
            </Badge>
          </Tooltip>
          <VisuallyHidden id={rankHintId}>{NOT_RANKED_EXPLANATION}</VisuallyHidden>
        </>
      )}
    </Group>
  );
}
