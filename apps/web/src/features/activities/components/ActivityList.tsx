import { useEffect } from 'react';
import { Alert, Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type { Track } from '@ridealong/contracts';
import { ActivityCard } from './ActivityCard';

type ActivityListProps = {
  tracks: Track[];
  count: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** A later page failed (the first page's failure is the page's own error state). */
  nextPageError: Error | null;
  fetchNextPage: () => unknown;
};

/** 'My Activities': the loaded rides; reaching the bottom loads the next page of 100. */
export function ActivityList(props: ActivityListProps) {
  const { tracks, count, hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage } = props;
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const atBottom = entry?.isIntersecting ?? false;
  // After a failed page the sentinel stays in view; the member retries by hand instead of looping.
  useEffect(() => {
    if (atBottom && hasNextPage && !isFetchingNextPage && !nextPageError) void fetchNextPage();
  }, [atBottom, hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage]);

  return (
    <Stack gap="md" data-testid="activity-list" aria-busy={isFetchingNextPage}>
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          My Activities
        </Title>
        <Text c="dimmed" size="sm" data-testid="activity-count">
          {count === 1 ? '1 ride' : `${count} rides`}
        </Text>
      </div>
      {tracks.map((track) => (
        <ActivityCard key={track.id} track={track} />
      ))}
      <Box ref={ref} h={1} aria-hidden="true" />
      {isFetchingNextPage ? (
        <Center>
          <Loader size="sm" aria-label="Loading more activities" />
        </Center>
      ) : null}
      {nextPageError ? (
        <Alert color="red" variant="light" data-testid="activity-list-more-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">More activities could not be loaded: {nextPageError.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void fetchNextPage()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
