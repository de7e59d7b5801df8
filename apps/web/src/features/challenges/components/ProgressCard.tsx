import { Card, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { challengeStatusText, type Challenge, type UserChallenge } from '@ridealong/contracts';
import { CheckIcon } from '../../../components/icons';
import { useUnits } from '../../../lib/units';
import { percentText, progressLine } from '../lib/goal';

type ProgressCardProps = {
  challenge: Challenge;
  progress: Pick<UserChallenge, 'completion_percent' | 'complete' | 'status_data'>;
};

/**
 * The member's progress: the status text (it changes at 0, 0.5 and 1), the bar, the total of
 * the goal in its unit and, race-based, which of the 3 videos are ridden.
 */
export function ProgressCard({ challenge, progress }: ProgressCardProps) {
  const { current_total: total, videosWatched } = progress.status_data.status;
  const completion = Math.min(1, Math.max(0, progress.completion_percent));
  const done = progress.complete || completion >= 1;
  const units = useUnits();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="challenge-progress">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Your progress
          </Title>
          <Text fw={700} c={done ? 'teal.8' : 'blue.8'} data-testid="challenge-percent">
            {percentText(completion)}
          </Text>
        </Group>
        <Text fw={600} data-testid="challenge-status-text">
          {challengeStatusText(completion)}
        </Text>
        <Progress
          value={completion * 100}
          color={done ? 'teal' : 'blue'}
          size="lg"
          radius="xl"
          aria-label="Challenge progress"
          striped={!done && completion > 0}
        />
        <Text size="sm" c="dimmed" data-testid="challenge-progress-total">
          {progressLine(challenge, total, units)}
        </Text>
        {challenge.challenge_type === 'RACE_BASED' && challenge.videos.length > 0 ? (
          <List spacing={6} size="sm" center data-testid="challenge-videos-ridden">
            {challenge.videos.map((video) => {
              const ridden = videosWatched.includes(video.url);
              return (
                <List.Item
                  key={video.url}
                  data-ridden={ridden ? 'true' : 'false'}
                  icon={
                    <ThemeIcon
                      size={22}
                      radius="xl"
                      color={ridden ? 'teal' : 'gray'}
                      variant={ridden ? 'filled' : 'light'}
                    >
                      <CheckIcon size={14} />
                    </ThemeIcon>
                  }
                >
                  {video.title}
                  <Text span size="xs" c="dimmed">
                    {ridden ? ' · ridden' : ' · not ridden yet'}
                  </Text>
                </List.Item>
              );
            })}
          </List>
        ) : null}
      </Stack>
    </Card>
  );
}
