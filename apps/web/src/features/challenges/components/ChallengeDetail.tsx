import { Button, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { challengeImage, DEFAULT_CHALLENGE_IMAGES } from '../../../lib/challengeImage';
import { usePageMeta } from '../../../lib/pageMeta';
import { useUserStore } from '../../../stores/user';
import { isNoSuchChallenge, useChallengeValues } from '../api/useChallengeValues';
import { useUserChallenge } from '../api/useUserChallenge';
import { shownDescription } from '../lib/featured';
import type { Membership } from '../lib/membership';
import { ChallengeSidebar } from './ChallengeSidebar';
import { ChallengeSplash } from './ChallengeSplash';
import { Leaderboard } from './Leaderboard';
import { ProgressCard } from './ProgressCard';
import { RaceVideos } from './RaceVideos';

const FALLBACK_DESCRIPTION =
  'A RideAlong challenge: ride toward the goal before the deadline and climb the leaderboard.';

/** One challenge's page: a spinner until it loads; a 400 (or unknown id) goes to /challenges. */
export function ChallengeDetail({ challengeId }: { challengeId: number }) {
  const userId = useUserStore((s) => s.user.userId);
  const values = useChallengeValues(challengeId);
  const mine = useUserChallenge(challengeId, userId);
  const challenge = values.data;

  usePageMeta({
    title: challenge?.title ?? 'Challenge',
    description: challenge?.description
      ? shownDescription(challenge.description, true, 200)
      : FALLBACK_DESCRIPTION,
    image: challenge ? challengeImage(challenge) : DEFAULT_CHALLENGE_IMAGES.RIDE_BASED,
    url: `/challenge/${challengeId}`,
  });

  if (values.isError && isNoSuchChallenge(values.error))
    return <Navigate to="/challenges" replace />;
  if (values.isPending)
    return (
      <Center py={120}>
        <Loader aria-label="Loading the challenge" data-testid="challenge-loading" />
      </Center>
    );
  if (!challenge)
    return (
      <Stack align="center" py={120} gap="sm" data-testid="challenge-error">
        <Text c="dimmed">This challenge could not be loaded.</Text>
        <Button variant="light" radius="xl" onClick={() => void values.refetch()}>
          Try again
        </Button>
      </Stack>
    );

  const progress = mine.data?.is_registered ? mine.data.user_challenge : null;
  const state: Membership | undefined = !mine.data
    ? undefined
    : !progress
      ? 'none'
      : progress.complete
        ? 'complete'
        : 'joined';
  const ridden = progress?.status_data.status.videosWatched ?? [];
  return (
    <Grid gutter="xl" data-testid="challenge-page" data-challenge-id={challenge.id}>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <ChallengeSplash challenge={challenge} state={state} />
          {progress ? <ProgressCard challenge={challenge} progress={progress} /> : null}
          {challenge.challenge_type === 'RACE_BASED' && challenge.videos.length > 0 ? (
            <RaceVideos videos={challenge.videos} ridden={ridden} />
          ) : null}
          <Leaderboard challengeId={challenge.id} type={challenge.challenge_type} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ChallengeSidebar currentId={challenge.id} />
      </Grid.Col>
    </Grid>
  );
}
