import { SimpleGrid, Text } from '@mantine/core';
import type { Race } from '@ridealong/contracts';
import { VideoCard } from '../../../components/media/VideoCard';

export const NO_VIDEOS_TEXT = 'No videos match your search.';

/** The workouts gallery: 1 to 4 cards a row by width. */
export function VideoGrid({ videos }: { videos: Race[] }) {
  if (videos.length === 0) {
    return (
      <Text c="dimmed" ta="center" py={60} data-testid="videos-empty">
        {NO_VIDEOS_TEXT}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="videos-grid">
      {videos.map((race) => (
        <VideoCard key={race.id} race={race} />
      ))}
    </SimpleGrid>
  );
}
