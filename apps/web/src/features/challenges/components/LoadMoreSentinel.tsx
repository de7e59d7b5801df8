import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';

type LoadMoreSentinelProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** A failed page stops the loading until the rider asks again. */
  failed: boolean;
  fetchNextPage: () => unknown;
};

/**
 * Sits below the past challenges: while it is near the view and more pages remain, the next
 * one is asked for (its fetch waits 500 ms, usePastChallenges).
 */
export function LoadMoreSentinel(props: LoadMoreSentinelProps) {
  const { hasNextPage, isFetchingNextPage, failed, fetchNextPage } = props;
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const atBottom = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (atBottom && hasNextPage && !isFetchingNextPage && !failed) void fetchNextPage();
  }, [atBottom, hasNextPage, isFetchingNextPage, failed, fetchNextPage]);
  return <Box ref={ref} h={1} aria-hidden="true" data-testid="challenges-sentinel" />;
}
