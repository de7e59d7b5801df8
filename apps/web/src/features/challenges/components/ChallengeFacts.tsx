import { Badge, Group, Text } from '@mantine/core';
import type { Challenge } from '@ridealong/contracts';
import { CalendarIcon, UserIcon } from '../../../components/icons';
import { challengeTiming, dateRange, type Phase } from '../lib/dates';
import { useUnits } from '../../../lib/units';
import { goalText, participantsText, TYPE_LABELS } from '../lib/goal';

const PHASE_COLOR: Record<Phase, string> = { upcoming: 'grape', running: 'teal', ended: 'gray' };

/** The timing badge: 'Starts in 3 days', 'Ends in 5 days', 'Ended'. */
export function TimingBadge({ challenge }: { challenge: Challenge }) {
  const timing = challengeTiming(challenge, Date.now());
  return (
    <Badge
      color={PHASE_COLOR[timing.phase]}
      // Filled: it sits on pictures of every colour, where a light badge cannot be read.
      variant="filled"
      radius="sm"
      style={{ textTransform: 'none' }}
      data-testid="challenge-timing"
    >
      {timing.text}
    </Badge>
  );
}

/** Type, dates, goal in its unit and participants, as small lines. */
export function ChallengeFacts({ challenge }: { challenge: Challenge }) {
  const goal = goalText(challenge, useUnits());
  return (
    <>
      <Group gap="xs" c="dimmed" wrap="wrap">
        <Badge variant="outline" color="blue" radius="sm" style={{ textTransform: 'none' }}>
          {TYPE_LABELS[challenge.challenge_type]}
        </Badge>
        <Group gap={4} wrap="nowrap">
          <CalendarIcon size={16} />
          <Text size="sm" data-testid="challenge-dates">
            {dateRange(challenge.start_date, challenge.end_date)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <UserIcon size={16} />
          <Text size="sm" data-testid="challenge-participants">
            {participantsText(challenge.participants)}
          </Text>
        </Group>
      </Group>
      {goal ? (
        <Text size="sm" fw={600} data-testid="challenge-goal">
          {goal}
        </Text>
      ) : null}
    </>
  );
}
