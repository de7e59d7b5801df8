import { Container, Stack } from '@mantine/core';
import { SAMPLE_CHALLENGES, SAMPLE_CHANNELS, SAMPLE_WORKOUTS } from '../sampleContent';
import { ChallengeCard } from './ChallengeCard';
import { ChannelCard } from './ChannelCard';
import { HomeCarousel } from './HomeCarousel';
import { WorkoutCard } from './WorkoutCard';

/** The three carousels shared by home and /featured: workouts, channels, challenges. */
export function CarouselSections({ compactTop = false }: { compactTop?: boolean }) {
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
          items={SAMPLE_WORKOUTS}
          itemKey={(w) => w.url}
          renderItem={(w) => <WorkoutCard workout={w} />}
        />
        <HomeCarousel
          id="channels"
          title="Channels"
          seeAllTo="/explore-channels"
          items={SAMPLE_CHANNELS}
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
