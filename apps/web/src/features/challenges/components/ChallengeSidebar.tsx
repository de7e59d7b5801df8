import { Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { TrophyIcon } from '../../../components/icons';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { percentText } from '../lib/goal';
import { sidebarChallenges } from '../lib/membership';

/**
 * The challenge page's sidebar: up to 5 of the member's challenges (from the stored user's
 * user_challenges) with their progress, and 'See All' to /challenges. A guest is asked to
 * sign in instead.
 */
export function ChallengeSidebar({ currentId }: { currentId: number }) {
  const signedIn = useUserStore(selectSignedIn);
  const userChallenges = useUserStore((s) => s.user.user_challenges);
  const mine = sidebarChallenges(userChallenges);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="challenge-sidebar">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {CHALLENGE_MESSAGES.myChallenges}
        </Title>
        {!signedIn ? (
          <>
            <Text size="sm" c="dimmed">
              Sign in to join challenges and follow your progress.
            </Text>
            <Button component={Link} to="/login" variant="light" radius="xl">
              Log in
            </Button>
          </>
        ) : mine.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="sidebar-none">
            You have not joined a challenge yet.
          </Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0}>
            {mine.map((c) => (
              <Stack
                component="li"
                key={c.challenge_id}
                gap={4}
                style={{ listStyle: 'none' }}
                data-testid="sidebar-challenge"
                data-complete={c.complete ? 'true' : 'false'}
              >
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Anchor
                    component={Link}
                    to={`/challenge/${c.challenge_id}`}
                    size="sm"
                    fw={c.challenge_id === currentId ? 700 : 500}
                    c={c.challenge_id === currentId ? 'blue.8' : 'dark'}
                    aria-current={c.challenge_id === currentId ? 'page' : undefined}
                    lineClamp={1}
                  >
                    {c.title}
                  </Anchor>
                  {c.complete ? (
                    <TrophyIcon
                      size={16}
                      color="var(--mantine-color-yellow-7)"
                      aria-label="Completed"
                      role="img"
                      aria-hidden={false}
                    />
                  ) : (
                    <Text size="xs" c="dimmed">
                      {percentText(c.completion_percent)}
                    </Text>
                  )}
                </Group>
                <Progress
                  value={Math.min(1, Math.max(0, c.completion_percent)) * 100}
                  size="xs"
                  radius="xl"
                  color={c.complete ? 'teal' : 'blue'}
                  aria-label={`${c.title}: ${percentText(c.completion_percent)}`}
                />
              </Stack>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to="/challenges" size="sm" fw={600} data-testid="sidebar-see-all">
          {CHALLENGE_MESSAGES.seeAll}
        </Anchor>
      </Stack>
    </Card>
  );
}
