import { Anchor, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Challenge } from '@ridealong/contracts';
import { ChallengeCard } from './ChallengeCard';
import { LoadMoreSentinel } from './LoadMoreSentinel';

type PastChallengesProps = {
  challenges: Challenge[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The list's error state (section 8): a quiet line, and a way to ask again. */
  failed: boolean;
  fetchNextPage: () => unknown;
  retry: () => unknown;
};

/** Past challenges, loaded page by page as the rider scrolls. */
export function PastChallenges(props: PastChallengesProps) {
  const { challenges, hasNextPage, isFetchingNextPage, failed, fetchNextPage, retry } = props;
  return (
    <Stack gap="md" component="section" aria-label="Past challenges" data-testid="challenges-past">
      {challenges.length > 0 ? (
        <>
          <Title order={2} size="h3">
            Past challenges
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {challenges.map((c) => (
              <ChallengeCard key={c.id} challenge={c} />
            ))}
          </SimpleGrid>
        </>
      ) : null}
      <LoadMoreSentinel
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        failed={failed}
        fetchNextPage={fetchNextPage}
      />
      {isFetchingNextPage ? (
        <Center>
          <Loader size="sm" aria-label="Loading more challenges" />
        </Center>
      ) : null}
      {failed ? (
        <Text size="sm" c="dimmed" ta="center" data-testid="challenges-past-error">
          Past challenges could not be loaded.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void retry()}>
            Try again
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
