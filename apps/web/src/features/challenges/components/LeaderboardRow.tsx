import { Box, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ChallengeLeaderboardRow, ChallengeType } from '@ridealong/contracts';
import { TrophyIcon } from '../../../components/icons';
import { UserPhoto } from '../../../components/user/UserPhoto';
import { useUnits } from '../../../lib/units';
import { percentText, totalText } from '../lib/goal';
import { medalOf, type Medal } from '../lib/leaderboard';

const MEDAL_COLOR: Record<Medal, string> = {
  gold: '#f2b705',
  silver: '#a5afba',
  bronze: '#c7773b',
};
const MEDAL_LABEL: Record<Medal, string> = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' };

type LeaderboardRowProps = {
  row: ChallengeLeaderboardRow;
  type: ChallengeType;
  mine: boolean;
  testId: 'leaderboard-row' | 'leaderboard-me';
};

/** One rider: ranking (a medal for 1 to 3), photo, name and progress; the member's is marked. */
export function LeaderboardRow({ row, type, mine, testId }: LeaderboardRowProps) {
  const medal = medalOf(row);
  const units = useUnits();
  const completion = Math.min(1, Math.max(0, row.completion_percent));
  return (
    <Box
      component="li"
      data-testid={testId}
      data-ranking={row.ranking}
      data-medal={medal ?? undefined}
      data-me={mine ? 'true' : undefined}
      aria-current={mine ? 'true' : undefined}
      px="sm"
      py={8}
      style={{
        listStyle: 'none',
        borderRadius: 'var(--mantine-radius-md)',
        background: mine ? 'var(--mantine-color-blue-0)' : undefined,
        outline: mine ? '1px solid var(--mantine-color-blue-3)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Box w={32} style={{ flexShrink: 0, textAlign: 'center' }}>
          {medal ? (
            <ThemeIcon
              radius="xl"
              size={30}
              style={{ background: MEDAL_COLOR[medal], color: 'var(--mantine-color-dark-9)' }}
              role="img"
              aria-label={`${MEDAL_LABEL[medal]} medal, ranking ${row.ranking}`}
              data-testid="leaderboard-medal"
            >
              {/* Dark numerals: white on the gold and silver medals is below 4.5:1. */}
              <Text fw={800} size="sm" c="dark.9">
                {row.ranking}
              </Text>
            </ThemeIcon>
          ) : (
            <Text fw={700} c="dimmed" aria-label={`Ranking ${row.ranking}`}>
              {row.ranking}
            </Text>
          )}
        </Box>
        <UserPhoto src={row.user.photo_url} size={36} alt="" testId="leaderboard-photo" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text fw={600} size="sm" truncate data-testid="leaderboard-name">
              {row.user.display_name}
              {mine ? (
                <Text span c="blue.7" size="xs" fw={700}>
                  {' '}
                  (you)
                </Text>
              ) : null}
            </Text>
            <Group gap={4} wrap="nowrap">
              {row.complete ? <TrophyIcon size={14} color="var(--mantine-color-yellow-7)" /> : null}
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {totalText(type, row.status_data.status.current_total, units)}
              </Text>
            </Group>
          </Group>
          <Progress
            value={completion * 100}
            size="sm"
            radius="xl"
            color={row.complete ? 'teal' : 'blue'}
            aria-label={`${row.user.display_name}: ${percentText(completion)}`}
          />
        </Stack>
      </Group>
    </Box>
  );
}
