import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CHALLENGE_MESSAGES, type Race } from '@ridealong/contracts';
import { BikeIcon, CheckIcon } from '../../../components/icons';
import { VideoCard } from '../../../components/media/VideoCard';
import { useRideNow } from '../../../lib/rideNow';
import { useGeneralStore } from '../../../stores/general';
import { selectSignedIn, useUserStore } from '../../../stores/user';

type RaceVideosProps = {
  videos: Race[];
  /** The urls the member has ridden (empty for guests). */
  ridden: readonly string[];
};

/**
 * A race-based challenge's 3 videos, in order, each opening /video/{url}. In desktop mode a
 * member's Ride goes there to ride at once (the start signal).
 */
export function RaceVideos({ videos, ridden }: RaceVideosProps) {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const canRide = electronMode && signedIn;
  const rideNow = useRideNow();
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
              {canRide ? (
                <Group>
                  <Button
                    size="xs"
                    radius="xl"
                    leftSection={<BikeIcon size={14} />}
                    onClick={() => rideNow(video.url)}
                    aria-label={`Ride ${video.title}`}
                    data-testid="challenge-video-ride"
                  >
                    Ride
                  </Button>
                </Group>
              ) : null}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
