import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { completedLoadWaitMs } from '../lib/completedPages';

type LoadMoreSentinelProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** When the last load finished (a page or a failure), ms since the epoch; 0 before any. */
  lastLoadAt: number;
};

/**
 * Sits at the bottom of the list: while it is in view and more pages remain, the next one
 * loads, at least GROUP.completedLoadDelayMs after the last (document 001 section 9). A failed
 * load is retried only as long as the bottom stays in view, at that same pace.
 */
export function LoadMoreSentinel(props: LoadMoreSentinelProps) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, lastLoadAt } = props;
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const atBottom = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (!atBottom || !hasNextPage || isFetchingNextPage) return;
    const timer = setTimeout(
      () => void fetchNextPage(),
      completedLoadWaitMs(lastLoadAt, Date.now()),
    );
    return () => clearTimeout(timer);
  }, [atBottom, hasNextPage, isFetchingNextPage, fetchNextPage, lastLoadAt]);
  return <Box ref={ref} h={1} aria-hidden="true" data-testid="events-sentinel" />;
}
