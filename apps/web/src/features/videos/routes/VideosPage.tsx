import { useCallback, type ReactNode } from 'react';
import { Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { DurationFilter } from '@ridealong/contracts';
import { useRaces } from '../api/useRaces';
import { Pager } from '../components/Pager';
import { VideoGrid } from '../components/VideoGrid';
import { VideosToolbar } from '../components/VideosToolbar';
import { listSearchParams, readListQuery } from '../lib/listQuery';
import { pageCount } from '../lib/pager';

/**
 * /videos, titled Workouts: search, duration filter and a paged gallery of 12. `ad`: the ads
 * feature's slot, after the gallery (composed by the router).
 */
export function VideosPage({ ad }: { ad?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const races = useRaces(query);

  // A new term or filter starts again at page 1.
  const setTerm = useCallback(
    (term: string) => setParams(listSearchParams({ ...readListQuery(params), term, page: 1 })),
    [params, setParams],
  );
  const setDuration = (duration: DurationFilter) =>
    setParams(listSearchParams({ ...query, duration, page: 1 }));
  const setPage = (page: number) => {
    setParams(listSearchParams({ ...query, page }));
    window.scrollTo({ top: 0 });
  };

  const data = races.data;
  return (
    <Container size="xl" py="xl" data-testid="videos-page">
      <Stack gap="lg">
        <div>
          <Title order={1}>Workouts</Title>
          <Text c="dimmed">Ride the world's roads, filmed by our community.</Text>
        </div>
        <VideosToolbar
          term={query.term}
          duration={query.duration}
          onTermChange={setTerm}
          onDurationChange={setDuration}
        />
        {data ? (
          <Stack gap="xl" style={{ opacity: races.isPlaceholderData ? 0.6 : 1 }}>
            <VideoGrid videos={data.videos} />
            <Pager
              page={query.page}
              total={pageCount(data.total_count, data.page_size)}
              onChange={setPage}
            />
          </Stack>
        ) : races.isError ? (
          // Document 001 section 8: list-fetch failures are only logged; the list reads empty.
          <VideoGrid videos={[]} />
        ) : (
          <Center py={60}>
            <Loader aria-label="Loading workouts" />
          </Center>
        )}
        {ad}
      </Stack>
    </Container>
  );
}
