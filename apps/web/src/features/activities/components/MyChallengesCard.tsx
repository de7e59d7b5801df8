import { Anchor, Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { TrophyIcon } from '../../../components/icons';
import { useUnits } from '../../../lib/units';
import { useUserStore } from '../../../stores/user';
import { myChallengeRows } from '../lib/myChallenges';

/**
 * 'My Challenges:' below the stats card (document 001, /activities): the member's challenges
 * from the stored user, each with its progress; nothing when they joined none.
 */
export function MyChallengesCard() {
  const list = useUserStore((s) => s.user.user_challenges);
  const rows = myChallengeRows(list, useUnits());
  if (rows.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="my-challenges">
      <Text fw={700} mb="sm">
        {CHALLENGE_MESSAGES.myChallenges}
      </Text>
      <Stack gap="md">
        {rows.map((row) => (
          <Stack key={row.id} gap={4} data-testid="my-challenge-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={row.to} fw={600} size="sm" lineClamp={1}>
                {row.title}
              </Anchor>
              {row.complete ? (
                <ThemeIcon
                  size="sm"
                  radius="xl"
                  color="yellow"
                  variant="light"
                  role="img"
                  aria-label="Completed"
                  data-testid="my-challenge-trophy"
                >
                  <TrophyIcon size={14} />
                </ThemeIcon>
              ) : null}
            </Group>
            <Progress
              value={row.percent}
              color={row.complete ? 'yellow' : 'cyan'}
              size="sm"
              radius="xl"
              aria-label={`${row.title}: ${row.percent}% complete`}
            />
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="gray.7">
                {row.statusText}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {row.totalText}
              </Text>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
