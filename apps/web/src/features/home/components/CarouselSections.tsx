import { Container, Stack } from '@mantine/core';
import { ChannelCard } from '../../../components/media/ChannelCard';
import { VideoCard } from '../../../components/media/VideoCard';
import { useFeaturedChannels } from '../api/useFeaturedChannels';
import { useFeaturedWorkouts } from '../api/useFeaturedWorkouts';
import { SAMPLE_CHALLENGES } from '../sampleContent';
import { ChallengeCard } from './ChallengeCard';
import { HomeCarousel } from './HomeCarousel';

/**
 * The three carousels shared by home and /featured: workouts and channels from the API,
 * challenges from sample data until that feature lands. A failed list shows as empty
 * (document 001 section 8: list-fetch failures are only logged).
 */
export function CarouselSections({ compactTop = false }: { compactTop?: boolean }) {
  const workouts = useFeaturedWorkouts();
  const channels = useFeaturedChannels();
  return (
    <Container
      size="100rem"
      px={{ base: 'md', sm: 'xl' }}
      pt={compactTop ? 'xl' : { base: 40, sm: 56 }}
      pb={{ base: 40, sm: 56 }}
    >
      <Stack gap={56}>
        <HomeCarousel
          id="workouts"
          title="Workouts"
          seeAllTo="/videos"
          items={workouts.data?.videos ?? []}
          loading={workouts.isPending}
          emptyText="No workouts yet. Upload the first one from your channel."
          itemKey={(w) => w.id}
          renderItem={(w) => <VideoCard race={w} />}
        />
        <HomeCarousel
          id="channels"
          title="Channels"
          seeAllTo="/explore-channels"
          items={channels.data ?? []}
          loading={channels.isPending}
          emptyText="There are no Channels currently."
          itemKey={(c) => c.id}
          renderItem={(c) => <ChannelCard channel={c} />}
        />
        <HomeCarousel
          id="challenges"
          title="Challenges"
          seeAllTo="/challenges"
          items={SAMPLE_CHALLENGES}
          itemKey={(c) => c.id}
          renderItem={(c) => <ChallengeCard challenge={c} />}
        />
      </Stack>
    </Container>
  );
}
