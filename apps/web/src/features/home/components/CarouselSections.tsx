import { Container, Stack } from '@mantine/core';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { ChannelCard } from '../../../components/media/ChannelCard';
import { VideoCard } from '../../../components/media/VideoCard';
import { useActiveChallenges } from '../api/useActiveChallenges';
import { useFeaturedChannels } from '../api/useFeaturedChannels';
import { useFeaturedWorkouts } from '../api/useFeaturedWorkouts';
import { ChallengeCard } from './ChallengeCard';
import { HomeCarousel } from './HomeCarousel';

/**
 * The three carousels shared by home and /featured, all from the API: the newest workouts, the
 * first channels and the active challenges (featured first). Their answers are not parsed
 * again with zod (the first-load budget, architecture.md). A failed list shows as empty
 * (document 001 section 8: list-fetch failures are only logged).
 */
export function CarouselSections({ compactTop = false }: { compactTop?: boolean }) {
  const workouts = useFeaturedWorkouts();
  const channels = useFeaturedChannels();
  const challenges = useActiveChallenges();
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
          items={challenges.data ?? []}
          loading={challenges.isPending}
          emptyText={CHALLENGE_MESSAGES.none}
          itemKey={(c) => c.id}
          renderItem={(c) => <ChallengeCard challenge={c} />}
        />
      </Stack>
    </Container>
  );
}
