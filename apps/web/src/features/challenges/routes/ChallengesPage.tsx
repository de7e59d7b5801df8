import { Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { SiteFooter } from '../../../components/SiteFooter';
import { challengeImage, DEFAULT_CHALLENGE_IMAGES } from '../../../lib/challengeImage';
import { usePageMeta } from '../../../lib/pageMeta';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { useActiveChallenges } from '../api/useActiveChallenges';
import { usePastChallenges } from '../api/usePastChallenges';
import { ChallengeCard } from '../components/ChallengeCard';
import { FeaturedChallenge } from '../components/FeaturedChallenge';
import { PastChallenges } from '../components/PastChallenges';
import { arrangeActive } from '../lib/featured';
import { mergePastPages } from '../lib/pastPages';

/** The desktop app's idle screen; several pages hand over to it in demo mode (document 000). */
const DEMO_ROUTE = '/demo';

const DESCRIPTION =
  'Take on RideAlong challenges: ride a distance, a time, a power goal or a set of videos ' +
  'before the deadline, track your progress and climb the leaderboard.';

/** /challenges (document 001 section 2 and section 4). */
export function ChallengesPage() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const demoMode = useGeneralStore((s) => s.demoMode);
  const userId = useUserStore((s) => s.user.userId);

  const active = useActiveChallenges();
  const past = usePastChallenges(userId);
  const { featured, others, onlyOne } = arrangeActive(active.data ?? []);
  const pastList = mergePastPages(past.data?.pages ?? []);

  usePageMeta({
    title: CHALLENGE_MESSAGES.heading,
    description: DESCRIPTION,
    image: featured ? challengeImage(featured) : DEFAULT_CHALLENGE_IMAGES.RIDE_BASED,
    url: '/challenges',
  });
  if (demoMode && electronMode) return <Navigate to={DEMO_ROUTE} replace />;

  const loading = active.isPending || past.isPending;
  // A list that failed counts as empty: the page says so rather than keep a loader up.
  const empty = !loading && featured === null && pastList.length === 0;

  return (
    <>
      <Container size="xl" py="xl" data-testid="challenges-page">
        <Stack gap="xl">
          <Title order={1}>{CHALLENGE_MESSAGES.heading}</Title>
          {featured ? <FeaturedChallenge challenge={featured} onlyOne={onlyOne} /> : null}
          {others.length > 0 ? (
            <Stack gap="md" component="section" aria-label="Active challenges">
              <Title order={2} size="h3">
                More active challenges
              </Title>
              <SimpleGrid
                cols={{ base: 1, xs: 2, md: 3 }}
                spacing="lg"
                data-testid="challenges-active"
              >
                {others.map((c) => (
                  <ChallengeCard key={c.id} challenge={c} />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
          {loading && featured === null ? (
            <Center py={60}>
              <Loader aria-label="Loading challenges" />
            </Center>
          ) : null}
          {empty && !past.isError ? (
            <Text c="dimmed" ta="center" py={60} data-testid="challenges-empty">
              {CHALLENGE_MESSAGES.none}
            </Text>
          ) : null}
          {past.data || past.isError ? (
            <PastChallenges
              challenges={pastList}
              hasNextPage={past.hasNextPage}
              isFetchingNextPage={past.isFetchingNextPage}
              failed={past.isError}
              fetchNextPage={past.fetchNextPage}
              retry={past.data ? past.fetchNextPage : past.refetch}
            />
          ) : null}
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
