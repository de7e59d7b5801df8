import { Box, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ChallengeType } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { useLeaderboard } from '../api/useLeaderboard';
import { isMine, meBeyond, splitHalves } from '../lib/leaderboard';
import { LeaderboardRow } from './LeaderboardRow';

type LeaderboardProps = { challengeId: number; type: ChallengeType };

/**
 * The challenge's leaderboard: the rows in two halves side by side on wide screens, medals for
 * rankings 1 to 3, the member's own row highlighted, and their `me` row after the list when
 * they rank beyond the rows shown.
 */
export function Leaderboard({ challengeId, type }: LeaderboardProps) {
  const userId = useUserStore((s) => s.user.userId);
  const board = useLeaderboard(challengeId);
  const rows = board.data?.rows ?? [];
  const [left, right] = splitHalves(rows);
  const me = meBeyond(rows, board.data?.me ?? null);
  const count = board.data?.count ?? 0;

  const half = (part: typeof rows, label: string) => (
    <Stack component="ol" gap={4} m={0} p={0} aria-label={label} data-testid="leaderboard-half">
      {part.map((row) => (
        <LeaderboardRow
          key={row.user.id}
          row={row}
          type={type}
          mine={isMine(row, userId)}
          testId="leaderboard-row"
        />
      ))}
    </Stack>
  );

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="challenge-leaderboard">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Leaderboard
          </Title>
          {count > 0 ? (
            <Text size="sm" c="dimmed" data-testid="leaderboard-count">
              {count > rows.length
                ? `Top ${rows.length} of ${count.toLocaleString('en-US')} riders`
                : `${count.toLocaleString('en-US')} ${count === 1 ? 'rider' : 'riders'}`}
            </Text>
          ) : null}
        </Group>
        {board.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading the leaderboard" />
          </Center>
        ) : board.isError ? (
          <Text size="sm" c="dimmed" data-testid="leaderboard-error">
            The leaderboard could not be loaded.
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="leaderboard-empty">
            No one has joined yet. Be the first!
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: right.length > 0 ? 2 : 1 }} spacing="md">
            {half(left, 'Leaderboard, first half')}
            {right.length > 0 ? half(right, 'Leaderboard, second half') : null}
          </SimpleGrid>
        )}
        {me ? (
          <Stack gap={4}>
            <Text c="dimmed" ta="center" aria-hidden="true">
              ⋯
            </Text>
            <Box component="ol" m={0} p={0} aria-label="Your place">
              <LeaderboardRow row={me} type={type} mine testId="leaderboard-me" />
            </Box>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
