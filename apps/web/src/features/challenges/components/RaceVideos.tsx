import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CHALLENGE_MESSAGES, type Race } from '@ridealong/contracts';
import { CheckIcon } from '../../../components/icons';
import { VideoCard } from '../../../components/media/VideoCard';

type RaceVideosProps = {
  videos: Race[];
  /** The urls the member has ridden (empty for guests). */
  ridden: readonly string[];
};

/** A race-based challenge's 3 videos, in order, each opening /video/{url}. */
export function RaceVideos({ videos, ridden }: RaceVideosProps) {
  return (
    <Stack gap="sm" component="section" aria-label="Challenge videos">
      <Title order={2} size="h4">
        The videos
      </Title>
      <Text size="sm" c="dimmed">
        {CHALLENGE_MESSAGES.raceSubtitle}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {videos.map((video, i) => {
          const done = ridden.includes(video.url);
          return (
            <Stack
              key={video.url}
              gap={6}
              data-testid="challenge-video"
              data-url={video.url}
              data-ridden={done ? 'true' : 'false'}
            >
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={600} c="dimmed">
                  Video {i + 1}
                </Text>
                {done ? (
                  <Badge
                    color="teal"
                    radius="sm"
                    leftSection={<CheckIcon size={12} />}
                    style={{ textTransform: 'none' }}
                  >
                    Ridden
                  </Badge>
                ) : null}
              </Group>
              <VideoCard race={video} />
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
